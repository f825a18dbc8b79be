import type { Db } from "~/db/database.server";
import type { Role } from "~/db/schema";
import { normaliseEmail } from "~/features/users/users.server";
import { newId, nowIso } from "~/lib/time";
import { hashPassword } from "./password.server";
import { clearAccountThrottle } from "./throttle.server";

export interface UpsertUserInput {
  email: string;
  password: string;
  role: Role;
  name?: string | null;
}

/**
 * Creates the user, or updates the password, role and (when given) name of an existing one. A new password ends
 * every session the user had (a reset must lock out whoever knew the old one), and lifts the account's sign-in
 * lock, so `npm run user:add` is also how a locked-out administrator gets back in.
 */
export async function upsertUser(db: Db, input: UpsertUserInput): Promise<{ id: string; created: boolean }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    await clearAccountThrottle(trx, email);
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) {
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
