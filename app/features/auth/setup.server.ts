import { createHash, randomBytes } from "node:crypto";
import type { Db } from "~/db/database.server";
import { adminExists, normaliseEmail, upsertUser } from "~/features/users/users.server";
import { nowIso } from "~/lib/time";

const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * When no administrator exists, makes a new one-time setup token (replacing older ones) and returns it;
 * otherwise returns null. Called at start-up, which prints the link.
 */
export async function issueSetupToken(db: Db): Promise<string | null> {
  if (await adminExists(db)) {
    await db.deleteFrom("setup_tokens").execute();
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("setup_tokens").execute();
    await trx
      .insertInto("setup_tokens")
      .values({
        token_hash: hashToken(token),
        created_at: nowIso(),
        expires_at: new Date(now + SETUP_TOKEN_TTL_MS).toISOString(),
      })
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

export async function completeSetup(
  db: Db,
  token: string,
  input: { name: string; email: string; password: string },
): Promise<{ userId: string } | null> {
  if (!(await isSetupTokenValid(db, token))) return null;
  // Consume the token first: of two concurrent submissions only the one that deletes it goes on.
  const deleted = await db.deleteFrom("setup_tokens").where("token_hash", "=", hashToken(token)).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return null;
  const { id } = await upsertUser(db, {
    email: normaliseEmail(input.email),
    password: input.password,
    role: "admin",
    name: input.name,
  });
  await db.deleteFrom("setup_tokens").execute();
  return { userId: id };
}
