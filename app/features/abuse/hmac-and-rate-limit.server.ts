import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { installationSecret } from "~/db/app-secrets.server";
import type { Db } from "~/db/database.server";

// The two primitives that bound what a stranger can make the server do: a keyed hash with the installation's secret
// (so an address or a cookie can be recognised without being kept or forged) and a count per key in a fixed window.

// The secret's name predates its other uses (it first salted the senders' addresses); renaming it would change
// every stored hash and sign every open summary cookie anew.
const SECRET_NAME = "ip_hash_salt";
const secrets = new WeakMap<Db, Promise<string>>();

/** The installation's HMAC key: made once, on first use, and kept in the database so every process shares it. */
function hmacKey(db: Db): Promise<string> {
  let key = secrets.get(db);
  if (!key) {
    key = installationSecret(db, SECRET_NAME);
    key.catch(() => secrets.delete(db));
    secrets.set(db, key);
  }
  return key;
}

/**
 * HMAC-SHA-256 of `text` with the installation's key, as hex. Keeps a sender's address as a hash (the same sender
 * gives the same hash, and the address cannot be read back), keys a receipt's recipient count, and signs the quote
 * summary cookie: each use puts its own prefix in `text`, so two uses never give the same hash.
 */
export async function installationHmac(db: Db, text: string): Promise<string> {
  return createHmac("sha256", await hmacKey(db))
    .update(text)
    .digest("hex");
}

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
