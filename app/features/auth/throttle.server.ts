import type { Db } from "~/db/database.server";
import { nowIso } from "~/lib/time";

/** Failures allowed inside the window; the next attempt is refused until the lock ends. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export const throttleKeys = (ip: string, email: string) => [`ip:${ip}`, `email:${email.trim().toLowerCase()}`];

/** Seconds until every given key may try again, or 0 when none is locked. Kept in the database. */
export async function secondsUntilAllowed(db: Db, keys: string[]): Promise<number> {
  const rows = await db.selectFrom("login_throttle").select("locked_until").where("key", "in", keys).execute();
  const now = Date.now();
  const latest = Math.max(0, ...rows.map((r) => (r.locked_until ? Date.parse(r.locked_until) - now : 0)));
  return Math.ceil(latest / 1000);
}

export async function recordLoginFailure(db: Db, keys: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    for (const key of keys) {
      const row = await trx.selectFrom("login_throttle").selectAll().where("key", "=", key).executeTakeFirst();
      const windowOpen = row && Date.parse(row.first_failure_at) + FAILURE_WINDOW_MS > now;
      const failures = windowOpen ? row.failures + 1 : 1;
      const values = {
        failures,
        first_failure_at: windowOpen ? row.first_failure_at : nowIso(),
        locked_until: failures >= MAX_FAILURES ? new Date(now + LOCK_MS).toISOString() : null,
      };
      if (row) await trx.updateTable("login_throttle").set(values).where("key", "=", key).execute();
      else await trx.insertInto("login_throttle").values({ key, ...values }).execute();
    }
  });
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}
