import { sql } from "kysely";
import type { Db } from "~/db/database.server";

/**
 * One more event on `key` in a fixed window: whether it is within `limit`, else the seconds until the window ends.
 * One atomic upsert, so concurrent requests and several processes count correctly. The counts share the sign-in
 * throttle's table (`login_throttle`, ADR 0011), each use under a key prefix of its own ('inquiry:', 'receipt:').
 */
export async function countInWindow(
  db: Db,
  key: string,
  { limit, windowMs }: { limit: number; windowMs: number },
  now = Date.now(),
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const at = new Date(now).toISOString();
  const cutoff = new Date(now - windowMs).toISOString();
  const row = await db
    .insertInto("login_throttle")
    .values({ key, failures: 1, first_failure_at: at, locked_until: null })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: sql<number>`case when login_throttle.first_failure_at > ${cutoff} then login_throttle.failures + 1 else 1 end`,
        first_failure_at: sql<string>`case when login_throttle.first_failure_at > ${cutoff} then login_throttle.first_failure_at else ${at} end`,
      }),
    )
    .returning(["failures", "first_failure_at"])
    .executeTakeFirstOrThrow();
  if (Number(row.failures) <= limit) return { allowed: true };
  return {
    allowed: false,
    retryAfter: Math.max(1, Math.ceil((Date.parse(row.first_failure_at) + windowMs - now) / 1000)),
  };
}
