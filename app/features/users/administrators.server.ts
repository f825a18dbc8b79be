import type { Db } from "~/db/database.server";

/** The users who may be given a lead: every administrator whose account is not disabled, by name. */
export async function listAdministrators(db: Db) {
  const rows = await db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.id")
    .select(["profiles.id", "profiles.full_name", "profiles.email"])
    .where("profiles.role", "=", "admin")
    .where("users.disabled_at", "is", null)
    .orderBy("profiles.full_name")
    .orderBy("profiles.email")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.full_name || r.email }));
}
