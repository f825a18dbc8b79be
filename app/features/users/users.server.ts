import type { Db } from "~/db/database.server";
import type { Role } from "~/db/schema";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserForLogin(db: Db, email: string) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.email", "users.password_hash", "profiles.full_name", "profiles.role"])
    .where("users.email", "=", normaliseEmail(email))
    .executeTakeFirst();
}

/** Per-role user counts (spec §7 count_users_by_role). */
export async function countUsersByRole(db: Db): Promise<Record<Role, number>> {
  const rows = await db
    .selectFrom("profiles")
    .select(["role", (eb) => eb.fn.countAll<string | number>().as("user_count")])
    .groupBy("role")
    .execute();
  const counts: Record<Role, number> = { user: 0, admin: 0 };
  for (const row of rows) counts[row.role] = Number(row.user_count);
  return counts;
}

export async function adminExists(db: Db): Promise<boolean> {
  const row = await db.selectFrom("profiles").select("id").where("role", "=", "admin").limit(1).executeTakeFirst();
  return !!row;
}
