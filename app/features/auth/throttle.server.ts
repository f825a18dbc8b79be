import { sql } from "kysely";
import type { Db } from "~/db/database.server";

/** Attempts allowed inside the window; the next one is refused until the lock ends. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export const throttleKeys = (ip: string, email: string) => [`ip:${ip}`, `email:${email.trim().toLowerCase()}`];

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one sign-in attempt against the address and the account *before* the password is checked, in one atomic
 * statement per key (an upsert that returns the new count), so a burst of parallel attempts cannot all slip past a
 * read-then-write check. Reaching MAX_FAILURES starts a key's lock. An address over its limit is refused. An account
 * over its limit refuses only addresses that have failures of their own in the window: guessing from many
 * addresses is slowed to one try per fresh address, while the owner, signing in from an address with no failures,
 * is never locked out by strangers (issue 22: six wrong passwords from six addresses kept the only admin out). A
 * successful sign-in hands its attempt back with `releaseLoginAttempt`, so only failures stay counted.
 */
export async function reserveLoginAttempt(db: Db, keys: string[]): Promise<Reservation> {
  const now = Date.now();
  const [ipKey, accountKey] = keys;
  const address = await countAttempt(db, ipKey, now);
  const account = await countAttempt(db, accountKey, now);
  let retryAfterMs = 0;
  if (address.over) retryAfterMs = address.retryAfterMs;
  // `failures` includes this attempt: more than one means the address failed before in this window.
  if (account.over && address.failures > 1) retryAfterMs = Math.max(retryAfterMs, account.retryAfterMs);
  return retryAfterMs > 0
    ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
    : { allowed: true };
}

/** One more attempt on `key`: its count in the window (this one included), and whether it is past the limit. */
async function countAttempt(db: Db, key: string, now: number) {
  const nowIso = new Date(now).toISOString();
  const windowStart = new Date(now - FAILURE_WINDOW_MS).toISOString();
  const lockUntil = new Date(now + LOCK_MS).toISOString();
  // A row starts afresh when its window has passed with no lock, or its lock has ended. ISO-8601 UTC strings
  // of one length compare as text on both engines.
  const stale = sql<boolean>`(login_throttle.locked_until is null and login_throttle.first_failure_at <= ${windowStart})
    or (login_throttle.locked_until is not null and login_throttle.locked_until <= ${nowIso})`;
  const counted = sql<number>`case when ${stale} then 1 else login_throttle.failures + 1 end`;
  const row = await db
    .insertInto("login_throttle")
    .values({ key, failures: 1, first_failure_at: nowIso, locked_until: MAX_FAILURES <= 1 ? lockUntil : null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: counted,
        first_failure_at: sql<string>`case when ${stale} then ${nowIso} else login_throttle.first_failure_at end`,
        locked_until: sql<string | null>`case when ${counted} >= ${MAX_FAILURES}
          then (case when ${stale} or login_throttle.locked_until is null then ${lockUntil} else login_throttle.locked_until end)
          else null end`,
      }),
    )
    .returning(["failures", "locked_until"])
    .executeTakeFirstOrThrow();
  const failures = Number(row.failures);
  return {
    failures,
    over: failures > MAX_FAILURES,
    retryAfterMs: Date.parse(row.locked_until ?? lockUntil) - now,
  };
}

/**
 * Lifts the account's lock and forgets its failures (`npm run user:add`, which also sets a new password). The
 * addresses keep theirs: an address that guessed stays refused until its own lock ends.
 */
export async function clearAccountThrottle(db: Db, email: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", throttleKeys("", email)[1]).execute();
}

/**
 * After a correct password: the account's count is cleared, and the address gets back the attempt it reserved
 * (only failures count against it). A lock the address earned from earlier failures stays.
 */
export async function releaseLoginAttempt(db: Db, keys: string[]): Promise<void> {
  const [ipKey, accountKey] = keys;
  await db.deleteFrom("login_throttle").where("key", "=", accountKey).execute();
  await db
    .updateTable("login_throttle")
    .set({
      failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`,
      locked_until: sql<string | null>`case when failures - 1 >= ${MAX_FAILURES} then locked_until else null end`,
    })
    .where("key", "=", ipKey)
    .execute();
}
