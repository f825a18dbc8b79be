import type { Db } from "~/db/database.server";
import {
  clearAccountThrottle,
  linkKeys,
  releaseLoginAttempt,
  reserveLoginAttempt,
  type Reservation,
} from "~/features/auth/throttle.server";
import { recordActivity } from "~/features/history/record.server";
import { hashPassword } from "~/features/auth/password.server";
import { normaliseEmail } from "~/features/auth/users.server";
import { accountMailAbout, recordWithOwnerEmail, type AccountMailConfig } from "./account-mail.server";
import { consumeToken, hashToken, peekToken, type TokenPurpose } from "./tokens.server";

export const RESET_EMAIL_GAP_MS = 5 * 60 * 1000;

/**
 * "Forgot password?": counted against the address and the email like a sign-in (the login throttle, its own
 * keys). Whatever the email, the answer is the same; for an account that can sign in, a reset email is written to
 * the outbox and tried in the background (its one-hour link made as it goes).
 */
export async function requestPasswordReset(
  db: Db,
  config: AccountMailConfig,
  input: { email: string; ip: string },
  now: number,
): Promise<Reservation> {
  const email = normaliseEmail(input.email);
  const reservation = await reserveLoginAttempt(db, [`forgot-ip:${input.ip}`, `forgot-email:${email}`], now);
  if (!reservation.allowed) return reservation;
  const account = await db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.email", "profiles.full_name"])
    .where("users.email", "=", email)
    .where("users.disabled_at", "is", null)
    .where("users.password_hash", "!=", "")
    .executeTakeFirst();
  // Addresses are many: a reset email goes to one account at most once per RESET_EMAIL_GAP_MS whatever asks (an
  // administrator's link is not one of these emails, and stays working beside the new one).
  const recent =
    account &&
    (await db
      .selectFrom("outbox")
      .select("id")
      .where("about", "=", accountMailAbout(account.id))
      .where("kind", "=", "account-reset")
      .where("requested_by", "is", null)
      .where("created_at", ">", new Date(now - RESET_EMAIL_GAP_MS).toISOString())
      .executeTakeFirst());
  if (account && !recent) {
    await recordWithOwnerEmail(
      db,
      config,
      {
        kind: "account-reset",
        user: account,
        activity: {
          action: "account",
          entity: "user",
          entityId: account.id,
          label: account.full_name || account.email,
          summary: `Password reset requested for ${account.email}`,
          details: { kind: "reset-request" },
          at: new Date(now).toISOString(),
          ip: input.ip,
        },
      },
      now,
    );
  }
  return { allowed: true };
}

export type SetPasswordResult =
  | { kind: "ok"; userId: string; email: string }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Sets the password of the account a live invite or reset link belongs to, using the link up. Every session the
 * account had ends (whoever knew the old password is out) and its sign-in lock is lifted. A wrong or used link
 * counts against the address, so links cannot be guessed at speed.
 */
export async function setPasswordWithToken(
  db: Db,
  input: { token: string; purpose: Extract<TokenPurpose, "invite" | "reset">; password: string; ip: string },
  now: number,
): Promise<SetPasswordResult> {
  const keys = linkKeys(input.ip, hashToken(input.token));
  const reservation = await reserveLoginAttempt(db, keys, now);
  if (!reservation.allowed) return { kind: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };
  const account = await peekToken(db, input.token, input.purpose, now);
  if (!account) return { kind: "invalid" };
  const passwordHash = await hashPassword(input.password);
  const at = new Date(now).toISOString();
  const done = await db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, input.token, input.purpose, now))) return false;
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: at })
      .where("id", "=", account.userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", account.userId).execute();
    // A reset link also stands for the invitation, and the other way round: the account has its password now. A
    // sign-in begun with the old password and waiting for its code ends too, as its sessions do.
    await trx.deleteFrom("account_tokens").where("user_id", "=", account.userId).execute();
    await recordActivity(
      trx,
      { id: account.userId, email: account.email, fullName: account.fullName, ip: input.ip },
      {
        action: "account",
        entity: "user",
        entityId: account.userId,
        label: account.fullName || account.email,
        summary: input.purpose === "invite" ? "Accepted the invitation and set a password" : "Reset the password",
        details: { kind: input.purpose === "invite" ? "invite-accepted" : "password-reset" },
        at,
      },
    );
    return true;
  });
  if (!done) return { kind: "invalid" };
  await releaseLoginAttempt(db, keys);
  await clearAccountThrottle(db, account.email);
  return { kind: "ok", userId: account.userId, email: account.email };
}

/**
 * A link's page opened: counted like its form (issue 37), so an address refused for wrong links is refused here too
 * and a wrong link here counts against it; a live link hands its attempt back. A page without a token guesses
 * nothing and is not counted.
 */
export async function checkAccountLink(
  db: Db,
  input: { token: string | null; purpose: Extract<TokenPurpose, "invite" | "reset">; ip: string },
  now: number,
) {
  if (!input.token) return { kind: "invalid" as const };
  const keys = linkKeys(input.ip, hashToken(input.token));
  const reservation = await reserveLoginAttempt(db, keys, now);
  if (!reservation.allowed) return { kind: "throttled" as const, retryAfterSeconds: reservation.retryAfterSeconds };
  const account = await peekToken(db, input.token, input.purpose, now);
  if (!account) return { kind: "invalid" as const };
  await releaseLoginAttempt(db, keys);
  return { kind: "ok" as const, email: account.email };
}
