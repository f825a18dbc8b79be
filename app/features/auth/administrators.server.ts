import { isPostgres, type Db } from "~/db/database.server";
import type { Refusal } from "~/lib/forms/submission";

export const LAST_ADMIN =
  "This is the last administrator. Make another user an admin first, or nobody could manage the site.";

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

/**
 * The one last-administrator rule (ADR 0046), for every write that takes an account out of the administrators
 * who can sign in (role admin, not disabled, invitation accepted): a role change, disabling, deleting, the CLI.
 * Called inside the write's transaction, before the write. On PostgreSQL those administrators' rows are locked (in
 * id order), so of two such writes at once the second waits and then counts without the first's account; SQLite
 * runs one transaction at a time.
 */
export async function refuseLastAdministrator(trx: Db, id: string, title: string): Promise<Refusal | null> {
  const usable = await trx
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.id")
    .select("profiles.id")
    .where("profiles.role", "=", "admin")
    .where("users.disabled_at", "is", null)
    .where("users.password_hash", "!=", "")
    .orderBy("profiles.id")
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .execute();
  const last = usable.length === 1 && usable[0].id === id;
  return last ? { ok: false, title, message: LAST_ADMIN } : null;
}
