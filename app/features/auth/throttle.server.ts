import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { DAY_MS } from "~/lib/time";

/** Attempts allowed inside the window; the next one is refused until the lock ends. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export const throttleKeys = (ip: string, email: string) => [`ip:${ip}`, `email:${email.trim().toLowerCase()}`];
/** A code from the authenticator app: per address, and per account whatever the address (issue 37). */
export const codeKeys = (ip: string, userId: string) => [`2fa-ip:${ip}`, `2fa-user:${userId}`];
/** A recovery code: a budget of its own, so a lock on the app's codes never takes the owner's last way in. */
export const recoveryKeys = (ip: string, userId: string) => [`recovery-ip:${ip}`, `recovery-user:${userId}`];
/** The wrong codes typed with one second-step cookie (by its token's hash). */
export const secondStepKey = (tokenHash: string) => `2fa-step:${tokenHash.slice(0, 32)}`;
/** The one-time link pages (setup, invitation, reset), GET and POST alike. */
export const linkKeys = (ip: string, tokenHash: string) => [`link-ip:${ip}`, `link:${tokenHash.slice(0, 32)}`];

/**
 * The keys counted by this file's rule (a 15-minute window, then a lock); every other row of the table is a fixed
 * window of `countInWindow` (features/abuse), the longest of which is the receipts' day.
 */
const WINDOWED_PREFIXES = ["ip:", "email:", "2fa-", "recovery-", "forgot-", "link"];
const LONGEST_COUNT_WINDOW_MS = DAY_MS;

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
export async function reserveLoginAttempt(db: Db, keys: string[], now = Date.now()): Promise<Reservation> {
  const reserved = await reserve(db, keys, now, false);
  return reserved.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: reserved.retryAfterSeconds };
}

export type CodeReservation =
  { allowed: true; accountFailures: number } | { allowed: false; retryAfterSeconds: number; accountLocked: boolean };

/**
 * A code from the authenticator app (the second step, or turning it off): the account's limit refuses every address
 * once reached, since the password is known and the code is all that is left to guess (issue 37: 25 codes from 21
 * addresses in a minute). `accountFailures` counts this attempt: MAX_FAILURES with a wrong code starts the lock.
 */
export async function reserveCodeAttempt(db: Db, keys: string[], now = Date.now()): Promise<CodeReservation> {
  return reserve(db, keys, now, true);
}

/**
 * The table stays bounded by design (issue 37: 1,000 new emails from a refused address added 1,000 rows): an
 * address already refused writes nothing, so each address adds at most MAX_FAILURES account rows per window, and
 * rows whose window or lock has passed are deleted now and then. Its size follows the addresses seen in the last
 * window, not the requests.
 */
async function reserve(
  db: Db,
  [addressKey, accountKey]: string[],
  now: number,
  accountRefusesAll: boolean,
): Promise<CodeReservation> {
  await pruneNowAndThen(db, now);
  const refused = (retryAfterMs: number) => ({
    allowed: false as const,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    accountLocked: false,
  });
  const [address, account] = await liveCounts(db, [addressKey, accountKey], now);
  if (address.locked) return refused(address.retryAfterMs);
  if (account.locked && (accountRefusesAll || address.failures > 0))
    return { ...refused(account.retryAfterMs), accountLocked: true };

  const counted = await countAttempt(db, addressKey, now);
  if (counted.over) return refused(counted.retryAfterMs);
  const accountCounted = await countAttempt(db, accountKey, now);
  // `failures` includes this attempt: more than one means the address failed before in this window.
  if (accountCounted.over && (accountRefusesAll || counted.failures > 1))
    return { ...refused(accountCounted.retryAfterMs), accountLocked: true };
  return { allowed: true, accountFailures: accountCounted.failures };
}

/** The rows of `keys` as they stand: failures in the live window, and whether the next attempt is refused. */
async function liveCounts(db: Db, keys: string[], now: number) {
  const rows = await db.selectFrom("login_throttle").selectAll().where("key", "in", keys).execute();
  return keys.map((key) => {
    const row = rows.find((r) => r.key === key);
    const lockEnd = row?.locked_until ? Date.parse(row.locked_until) : null;
    const live = row && (lockEnd === null ? Date.parse(row.first_failure_at) > now - FAILURE_WINDOW_MS : lockEnd > now);
    const failures = live ? Number(row.failures) : 0;
    return { failures, locked: failures >= MAX_FAILURES && lockEnd !== null, retryAfterMs: (lockEnd ?? now) - now };
  });
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
 * One wrong code typed with a second-step cookie: the count of that cookie's wrong codes so far. Counted after the
 * check, under the per-account and per-address limits that already bound it.
 */
export async function countWrongCode(db: Db, key: string, now = Date.now()): Promise<number> {
  return (await countAttempt(db, key, now)).failures;
}

const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<Db, number>();

/** At most once a minute per process, from the write path itself: no timer to start, and a quiet site has no rows. */
async function pruneNowAndThen(db: Db, now: number) {
  const last = lastPrune.get(db);
  if (last !== undefined && now >= last && now - last < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now);
  await pruneThrottle(db, now);
}

/**
 * Deletes the rows that can no longer refuse anything: a lock that has ended, a window of this file's keys that has
 * passed, and any other count older than the longest window in use. Safe on every instance at once.
 */
export async function pruneThrottle(db: Db, now: number): Promise<number> {
  const nowIso = new Date(now).toISOString();
  const windowStart = new Date(now - FAILURE_WINDOW_MS).toISOString();
  const longest = new Date(now - LONGEST_COUNT_WINDOW_MS).toISOString();
  const result = await db
    .deleteFrom("login_throttle")
    .where((eb) =>
      eb.or([
        eb.and([eb("locked_until", "is not", null), eb("locked_until", "<=", nowIso)]),
        eb.and([eb("locked_until", "is", null), eb("first_failure_at", "<=", longest)]),
        eb.and([
          eb("locked_until", "is", null),
          eb("first_failure_at", "<=", windowStart),
          eb.or(WINDOWED_PREFIXES.map((prefix) => eb("key", "like", `${prefix}%`))),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Lifts the account's locks and forgets its failures: the password's and the app codes' (`npm run user:add`, which
 * also sets a new password, and a password set with an invitation or reset link). The addresses keep theirs: an
 * address that guessed stays refused until its own lock ends.
 */
export async function clearAccountThrottle(db: Db, email: string): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const user = await db.selectFrom("users").select("id").where("email", "=", normalised).executeTakeFirst();
  const keys = [throttleKeys("", normalised)[1], ...(user ? [codeKeys("", user.id)[1]] : [])];
  await db.deleteFrom("login_throttle").where("key", "in", keys).execute();
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
