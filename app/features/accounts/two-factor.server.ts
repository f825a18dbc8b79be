import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { recordActivity } from "~/features/history/record.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import type { Actor } from "~/lib/actor";

/** Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30 s) and recovery codes (ADR 0034). */
const PERIOD_MS = 30_000;
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: COMPANY_NAME, label, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

const hashCode = (code: string) => createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/** Ten codes of 10 random base32 letters (50 bits each), shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const letters = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

async function twoFactorRow(db: Db, userId: string) {
  return db
    .selectFrom("users")
    .select(["email", "totp_secret", "totp_pending_secret", "totp_recovery_hashes", "totp_last_step"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  return !!(await twoFactorRow(db, userId))?.totp_secret;
}

/**
 * The enrolment in progress: its secret (kept server-side until a code confirms it), the otpauth:// address and
 * its QR code as inline SVG. A new secret is made only when none is pending.
 */
export async function enrolment(db: Db, userId: string) {
  const row = await twoFactorRow(db, userId);
  if (!row) return null;
  if (row.totp_secret) return { enabled: true as const, recoveryLeft: recoveryCount(row.totp_recovery_hashes) };
  let secret = row.totp_pending_secret;
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    await db.updateTable("users").set({ totp_pending_secret: secret }).where("id", "=", userId).execute();
  }
  const uri = totpOf(secret, row.email).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  // A picture's address, so the page never puts generated markup into its HTML.
  const qrSrc = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  return { enabled: false as const, secret, uri, qrSrc };
}

const recoveryCount = (json: string | null) => (json ? (JSON.parse(json) as string[]).length : 0);
export async function recoveryCodesLeft(db: Db, userId: string) {
  return recoveryCount((await twoFactorRow(db, userId))?.totp_recovery_hashes ?? null);
}

/** The time step a code belongs to, when it is valid now (one step of drift either way), else null. */
function stepOf(secret: string, code: string, now: number): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, "").validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
}

/**
 * Confirms the pending secret with a code from the app: two-factor sign-in is on from now, and the ten recovery
 * codes are returned to be shown once (only their hashes are kept).
 */
export async function confirmEnrolment(db: Db, actor: Actor, code: string, now: number): Promise<string[] | null> {
  const row = await twoFactorRow(db, actor.id);
  if (!row?.totp_pending_secret) return null;
  const step = stepOf(row.totp_pending_secret, code, now);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({
        totp_secret: row.totp_pending_secret,
        totp_pending_secret: null,
        totp_recovery_hashes: JSON.stringify(codes.map(hashCode)),
        totp_last_step: step,
      })
      .where("id", "=", actor.id)
      .execute();
    await recordActivity(trx, actor, {
      action: "account",
      entity: "user",
      entityId: actor.id,
      label: actor.fullName || actor.email,
      summary: "Turned on two-factor sign-in",
      details: { kind: "two-factor-on" },
      at: new Date(now).toISOString(),
    });
  });
  return codes;
}

/** Turns two-factor sign-in off for an account (its owner, or an administrator for someone who lost the phone). */
export async function turnOffTwoFactor(db: Db, actor: Actor, target: { id: string; label: string }, now: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ totp_secret: null, totp_pending_secret: null, totp_recovery_hashes: null, totp_last_step: null })
      .where("id", "=", target.id)
      .execute();
    await recordActivity(trx, actor, {
      action: "account",
      entity: "user",
      entityId: target.id,
      label: target.label,
      summary:
        target.id === actor.id ? "Turned off two-factor sign-in" : `Turned off two-factor sign-in for ${target.label}`,
      details: { kind: "two-factor-off" },
      at: new Date(now).toISOString(),
    });
  });
}

/**
 * The second sign-in step: a code from the app (each time step accepted once, so an overheard code cannot be
 * replayed) or an unused recovery code (used up). Both are consumed by a conditional update: of two concurrent
 * uses, one wins.
 */
export async function verifySecondFactor(
  db: Db,
  userId: string,
  code: string,
  now: number,
): Promise<"code" | "recovery" | null> {
  const row = await twoFactorRow(db, userId);
  if (!row?.totp_secret) return null;
  const step = stepOf(row.totp_secret, code, now);
  if (step !== null) {
    const updated = await db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", userId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1 ? "code" : null;
  }
  const hashes = row.totp_recovery_hashes ? (JSON.parse(row.totp_recovery_hashes) as string[]) : [];
  const hashed = hashCode(code);
  if (!normaliseRecoveryCode(code) || !hashes.includes(hashed)) return null;
  const updated = await db
    .updateTable("users")
    .set({ totp_recovery_hashes: JSON.stringify(hashes.filter((h) => h !== hashed)) })
    .where("id", "=", userId)
    .where(sql<boolean>`totp_recovery_hashes = ${row.totp_recovery_hashes}`)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? "recovery" : null;
}
