import type { Db } from "~/db/database.server";
import type { Role } from "~/db/schema";
import { refuseLastAdministrator } from "./administrators.server";
import { hashPassword } from "./password.server";
import { newId, nowIso } from "~/lib/time";

export interface UpsertUserInput {
  email: string;
  password: string;
  role: Role;
  name?: string | null;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** `npm run user:add --role user` named the last administrator who can sign in (ADR 0046): nothing was saved. */
export class LastAdministratorRefused extends Error {}

/**
 * Creates the user, or updates the password, role and (when given) name of an existing one. A new password ends
 * every session the user had (a reset must lock out whoever knew the old one). `saveAccount` (auth) also lifts the
 * account's sign-in lock. Throws `LastAdministratorRefused` rather than demote the last administrator.
 */
export async function upsertUser(db: Db, input: UpsertUserInput): Promise<{ id: string; created: boolean }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) {
      if (input.role !== "admin") {
        const current = await trx
          .selectFrom("profiles")
          .select("role")
          .where("id", "=", existing.id)
          .executeTakeFirst();
        const refused = current?.role === "admin" && (await refuseLastAdministrator(trx, existing.id, "Not saved"));
        if (refused) throw new LastAdministratorRefused(refused.message);
      }
      await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, updated_at: now })
        .where("id", "=", existing.id)
        .execute();
      await trx.deleteFrom("sessions").where("user_id", "=", existing.id).execute();
      const profile = {
        role: input.role,
        email,
        updated_at: now,
        ...(input.name != null ? { full_name: input.name } : {}),
      };
      const updated = await trx.updateTable("profiles").set(profile).where("id", "=", existing.id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx
          .insertInto("profiles")
          .values({ id: existing.id, full_name: input.name ?? null, ...profile })
          .execute();
      }
      return { id: existing.id, created: false };
    }
    const id = newId();
    await trx
      .insertInto("users")
      .values({ id, email, password_hash: passwordHash, created_at: now, updated_at: now })
      .execute();
    await trx
      .insertInto("profiles")
      .values({ id, email, full_name: input.name ?? null, role: input.role, updated_at: now })
      .execute();
    return { id, created: true };
  });
}

export async function findUserForLogin(db: Db, email: string) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select([
      "users.id",
      "users.email",
      "users.password_hash",
      "users.disabled_at",
      "users.totp_secret",
      "profiles.full_name",
      "profiles.role",
    ])
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
