import { createHash, randomBytes } from "node:crypto";
import type { Db } from "~/db/database.server";
import type { AccountTokensTable } from "~/db/schema";

export type TokenPurpose = AccountTokensTable["purpose"];

/** How long each kind of link works (ADR 0034). */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  invite: 48 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  "two-factor": 5 * 60 * 1000,
};

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token's shape: 32 random bytes, base64url. Anything else is refused before touching the database. */
export const isTokenShaped = (token: string | null | undefined): token is string =>
  !!token && /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * Ends the account's links of one kind before a new one, so only the newest works, except that one its owner asked
 * for (`issuedBy` null: 'Forgot password?') ends only those asked for the same way: an anonymous request never
 * cancels a link an administrator made. Expired links of any account go too.
 */
export async function revokeTokens(
  trx: Pick<Db, "deleteFrom">,
  userId: string,
  purpose: TokenPurpose,
  issuedBy: string | null,
  now: number,
) {
  await trx
    .deleteFrom("account_tokens")
    .where((eb) =>
      eb.or([
        eb.and([
          eb("user_id", "=", userId),
          eb("purpose", "=", purpose),
          ...(issuedBy === null ? [eb("issued_by", "is", null)] : []),
        ]),
        eb("expires_at", "<=", new Date(now).toISOString()),
      ]),
    )
    .execute();
}

/**
 * A new one-time token for the account; only its hash is stored. It replaces the account's earlier links of the
 * same kind (`revokeTokens`), unless `replace` is false: the link an email carries is made as each try goes (ADR
 * 0051), and does not end the link handed over beside it.
 */
export async function issueToken(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  now: number,
  issuedBy: string | null = null,
  { replace = true }: { replace?: boolean } = {},
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    if (replace) await revokeTokens(trx, userId, purpose, issuedBy, now);
    await trx
      .insertInto("account_tokens")
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        purpose,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + TOKEN_TTL_MS[purpose]).toISOString(),
        issued_by: issuedBy,
      })
      .execute();
  });
  return token;
}

/** Ends one token (a link whose email did not go). */
export async function revokeToken(db: Db, token: string) {
  await db.deleteFrom("account_tokens").where("token_hash", "=", hashToken(token)).execute();
}

/** The account a live token of this kind belongs to, or null (unknown, used, expired, or another kind). */
export async function peekToken(db: Db, token: string | null | undefined, purpose: TokenPurpose, now: number) {
  if (!isTokenShaped(token)) return null;
  const row = await db
    .selectFrom("account_tokens")
    .innerJoin("users", "users.id", "account_tokens.user_id")
    .innerJoin("profiles", "profiles.id", "account_tokens.user_id")
    .select(["users.id", "users.email", "profiles.full_name", "account_tokens.expires_at"])
    .where("account_tokens.token_hash", "=", hashToken(token))
    .where("account_tokens.purpose", "=", purpose)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now) return null;
  return { userId: row.id, email: row.email, fullName: row.full_name };
}

/**
 * Uses the token up inside `trx`: true for exactly one of two concurrent uses (the one whose delete removed it).
 */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose, now: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom("account_tokens")
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("expires_at", ">", new Date(now).toISOString())
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
