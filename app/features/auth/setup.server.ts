import { createHash, createHmac } from "node:crypto";
import { installationSecret } from "~/db/app-secrets.server";
import type { Db } from "~/db/database.server";
import { adminExists, normaliseEmail } from "~/features/auth/users.server";
import { saveAccount } from "./save-account.server";
import { linkKeys, releaseLoginAttempt, reserveLoginAttempt, type Reservation } from "./throttle.server";
import { nowIso } from "~/lib/time";

const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The key setup tokens are made with, in app_secrets: every instance makes the same token from the same row. */
const SETUP_KEY_NAME = "setup_link_key";

const setupKey = (db: Db) => installationSecret(db, SETUP_KEY_NAME);

/** The token a setup row stands for: only its hash is stored, and any instance with the key can make it again. */
const tokenFor = (key: string, createdAt: string) =>
  createHmac("sha256", key).update(`setup-link:${createdAt}`).digest("base64url");

/**
 * When no administrator exists, the one-time setup token, for the start-up to print the link: the one already
 * issued while it has not expired, so every instance (and a restart) prints the same working link; a new one
 * when there is none. When an administrator exists, removes any token and returns null.
 */
export async function issueSetupToken(db: Db): Promise<string | null> {
  if (await adminExists(db)) {
    await db.deleteFrom("setup_tokens").execute();
    return null;
  }
  const key = await setupKey(db);
  const current = await db
    .selectFrom("setup_tokens")
    .select(["token_hash", "created_at"])
    .where("expires_at", ">", new Date(Date.now() + 60_000).toISOString())
    .orderBy("created_at", "desc")
    .execute();
  for (const row of current) {
    const token = tokenFor(key, row.created_at);
    if (hashToken(token) === row.token_hash) return token;
  }
  const createdAt = nowIso();
  const token = tokenFor(key, createdAt);
  // Instances starting together on an empty site may each add one here; every token they print then works.
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("setup_tokens").where("expires_at", "<=", new Date().toISOString()).execute();
    await trx
      .insertInto("setup_tokens")
      .values({
        token_hash: hashToken(token),
        created_at: createdAt,
        expires_at: new Date(Date.parse(createdAt) + SETUP_TOKEN_TTL_MS).toISOString(),
      })
      .onConflict((oc) => oc.column("token_hash").doNothing())
      .execute();
  });
  return token;
}

/** A token is usable only while it is stored, unexpired, and no administrator exists yet. */
export async function isSetupTokenValid(db: Db, token: string | null): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await db
    .selectFrom("setup_tokens")
    .select("expires_at")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= Date.now()) return false;
  return !(await adminExists(db));
}

/**
 * The setup link's page or form: counted like the other one-time links (per address, GET and POST alike), so it
 * cannot be guessed at speed; a live link hands its attempt back. No token guesses nothing and is not counted.
 */
export async function checkSetupLink(
  db: Db,
  token: string | null,
  ip: string,
  now: number,
): Promise<Reservation & { valid?: boolean }> {
  if (!token) return { allowed: true, valid: false };
  const keys = linkKeys(ip, hashToken(token));
  const reservation = await reserveLoginAttempt(db, keys, now);
  if (!reservation.allowed) return reservation;
  const valid = await isSetupTokenValid(db, token);
  if (valid) await releaseLoginAttempt(db, keys);
  return { allowed: true, valid };
}

export async function completeSetup(
  db: Db,
  token: string,
  input: { name: string; email: string; password: string },
): Promise<{ userId: string } | null> {
  if (!(await isSetupTokenValid(db, token))) return null;
  // Consume the token first: of two concurrent submissions only the one that deletes it goes on.
  const deleted = await db.deleteFrom("setup_tokens").where("token_hash", "=", hashToken(token)).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return null;
  const { id } = await saveAccount(db, {
    email: normaliseEmail(input.email),
    password: input.password,
    role: "admin",
    name: input.name,
  });
  await db.deleteFrom("setup_tokens").execute();
  return { userId: id };
}
