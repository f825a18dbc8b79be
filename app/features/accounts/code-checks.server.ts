import type { Db } from "~/db/database.server";
import {
  codeKeys,
  LOCK_MS,
  MAX_FAILURES,
  recoveryKeys,
  releaseLoginAttempt,
  reserveCodeAttempt,
  reserveLoginAttempt,
} from "~/features/auth/throttle.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { minutesToWait } from "~/lib/web/retry-after";
import { recordWithOwnerEmail, type AccountMailConfig } from "./account-mail.server";
import { turnOffTwoFactor, verifySecondFactor } from "./two-factor.server";

type Account = { id: string; email: string; fullName: string | null };

export type CodeCheck =
  | { kind: "ok"; how: "code" | "recovery" }
  | { kind: "wrong" }
  | { kind: "refused"; retryAfterSeconds: number; message: string };

/** Six digits are a code from the app; anything else is taken for a recovery code (ten letters and digits). */
const isAppCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

/**
 * An account owner's code (the second step of sign-in, or turning two-factor off), counted before it is checked.
 * A code from the app: at most MAX_FAILURES wrong ones per account in 15 minutes whatever the addresses, then the
 * app's codes are refused for everyone (the password is known; only the code is left to guess). A recovery code:
 * counted apart, by the sign-in rule (an address that guessed is refused, a fresh one is not), so the lock never
 * takes the owner's way in; ten 50-bit codes leave guessing hopeless at any number of addresses.
 */
export async function checkOwnCode(
  db: Db,
  config: AccountMailConfig,
  account: Account,
  input: { code: string; ip: string },
  now: number,
): Promise<CodeCheck> {
  const appCode = isAppCode(input.code);
  const keys = appCode ? codeKeys(input.ip, account.id) : recoveryKeys(input.ip, account.id);
  const reservation = appCode
    ? await reserveCodeAttempt(db, keys, now)
    : { ...(await reserveLoginAttempt(db, keys, now)), accountLocked: false, accountFailures: 0 };
  if (!reservation.allowed) {
    const wait = minutesToWait(reservation.retryAfterSeconds);
    const message = reservation.accountLocked
      ? `Too many wrong codes for this account. Codes from the app are refused for the next ${wait}. One of your recovery codes still works, or ask an administrator for a password-reset link.`
      : `Too many wrong codes. Please try again in ${wait}.`;
    return { kind: "refused", retryAfterSeconds: reservation.retryAfterSeconds, message };
  }
  const how = await verifySecondFactor(db, account.id, input.code, now);
  if (how) {
    await releaseLoginAttempt(db, keys);
    return { kind: "ok", how };
  }
  // The counter is atomic: exactly one wrong code reaches the limit, so the lock is reported once.
  if (appCode && reservation.accountFailures === MAX_FAILURES) await reportCodeLock(db, config, account, input.ip, now);
  return { kind: "wrong" };
}

async function reportCodeLock(db: Db, config: AccountMailConfig, account: Account, ip: string, now: number) {
  const minutes = LOCK_MS / 60_000;
  await recordWithOwnerEmail(
    db,
    config,
    {
      kind: "account-code-lock",
      user: account,
      activity: {
        action: "account",
        entity: "user",
        entityId: account.id,
        label: account.fullName || account.email,
        summary: `Two-factor codes locked for ${minutes} minutes after ${MAX_FAILURES} wrong codes`,
        details: { kind: "two-factor-locked" },
        at: new Date(now).toISOString(),
        ip,
      },
    },
    now,
  );
}

/**
 * Turning off one's own two-factor sign-in asks for a current code (or a recovery code), counted like the second
 * step, so a session left open on a shared computer cannot, and cannot guess either.
 */
export async function turnOffOwnTwoFactor(
  db: Db,
  actor: Actor,
  input: { code: string; config: AccountMailConfig },
  now: number,
): Promise<CodeCheck> {
  const checked = await checkOwnCode(db, input.config, actor, { code: input.code, ip: actor.ip ?? "" }, now);
  if (checked.kind === "ok")
    await turnOffTwoFactor(db, actor, { id: actor.id, label: actor.fullName || actor.email }, now);
  return checked;
}

/**
 * An administrator turns off a colleague's two-factor sign-in (a lost phone) without a code, logged. Their own goes
 * through `turnOffOwnTwoFactor`, which asks for one (issue 37: this path took no code).
 */
export async function turnOffColleagueTwoFactor(
  db: Db,
  actor: Actor,
  target: { id: string; label: string },
  now: number,
): Promise<Refusal | { ok: true }> {
  if (target.id === actor.id)
    return {
      ok: false,
      title: "Not Allowed",
      message: "Turn off your own two-factor sign-in on the Two-factor sign-in page, with a code from your app.",
    };
  await turnOffTwoFactor(db, actor, target, now);
  return { ok: true };
}
