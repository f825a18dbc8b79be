import type { Db } from "~/db/database.server";
import { installationHmac } from "~/features/abuse/installation-hmac.server";
import { countInWindow } from "~/features/abuse/fixed-window.server";
import { cleanProductName, HONEYPOT_FIELD, type ContactInput } from "~/features/contact/contact.schema";
import { sameOriginPath } from "~/lib/same-origin";
import { newId, nowIso } from "~/lib/time";
import type { Refusal } from "~/lib/forms/submission";
import { log } from "~/lib/log.server";

/** Accepted inquiries per sender address and window (ADR 0011). */
export const INQUIRY_RATE_LIMIT = 5;
export const INQUIRY_RATE_WINDOW_MS = 10 * 60 * 1000;
export const PAGE_PATH_MAX = 300;

/** Counts this sender's inquiry; within the limit, the address hash to store with it, else the seconds to wait. */
export async function admitSender(
  db: Db,
  ip: string,
): Promise<{ allowed: true; ipHash: string } | { allowed: false; retryAfter: number }> {
  // The address is kept only as this hash (ADR 0011); the count is a fixed window per hash.
  const ipHash = await installationHmac(db, ip);
  const rate = await countInWindow(
    db,
    `inquiry:${ipHash}`,
    { limit: INQUIRY_RATE_LIMIT, windowMs: INQUIRY_RATE_WINDOW_MS },
    Date.now(),
  );
  return rate.allowed ? { allowed: true, ipHash } : rate;
}

/** What a sender over the limit is told (contact form and quote requests alike), and when to try again. */
export function tooManyMessages(retryAfter: number): { refusal: Refusal; headers: Record<string, string> } {
  const minutes = Math.ceil(retryAfter / 60);
  return {
    refusal: {
      ok: false,
      title: "Too Many Messages",
      message: `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or write to us by email.`,
    },
    headers: { "Retry-After": String(retryAfter) },
  };
}

/**
 * The columns every inquiry starts with, whatever its kind: a fresh id, status new, not yet notified. With
 * `mail` (notifications configured) its notification is due at once, so it goes out even if this process stops
 * before sending it: any instance's mail timer finds it (ADR 0011).
 */
export function receivedInquiry(ipHash: string, mail: boolean) {
  const now = nowIso();
  return {
    id: newId(),
    ip_hash: ipHash,
    status: "new" as const,
    notified_at: null,
    notify_error: null,
    notify_due_at: mail ? now : null,
    created_at: now,
    updated_at: now,
  };
}

/** A same-origin path (with its query) from a form field or a Referer, cut to what is stored, or null. */
export function safePagePath(raw: unknown, ownOrigin?: string): string | null {
  return sameOriginPath(raw, ownOrigin)?.slice(0, PAGE_PATH_MAX) ?? null;
}

export type SubmitResult =
  | { kind: "stored"; id: string }
  | { kind: "limited"; retryAfter: number }
  /** The database refused or could not be reached; nothing was kept. */
  | { kind: "failed" };

/**
 * The hidden field a person never fills (ADR 0011): a robot that filled it is answered like a buyer, before any
 * check, and nothing is kept.
 */
export function isFromRobot(form: FormData): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  return typeof honeypot === "string" && honeypot.trim() !== "";
}

/**
 * Stores one contact-form message the schema accepted: the rate limit first, then the row. `mail`: the team's
 * notification is to be sent. Nothing is ever sent to the sender's address.
 */
export async function submitInquiry(
  db: Db,
  inquiry: ContactInput & { product_name: unknown; page_path: unknown },
  sender: { ip: string },
  mail: boolean,
): Promise<SubmitResult> {
  const { product_name, page_path, ...fields } = inquiry;
  try {
    const admitted = await admitSender(db, sender.ip);
    if (!admitted.allowed) return { kind: "limited", retryAfter: admitted.retryAfter };
    const row = receivedInquiry(admitted.ipHash, mail);
    await db
      .insertInto("inquiries")
      .values({
        ...row,
        full_name: fields.full_name,
        email: fields.email,
        phone: fields.phone,
        subject: fields.subject,
        message: fields.message,
        product_name: cleanProductName(product_name) || null,
        page_path: safePagePath(page_path),
      })
      .execute();
    return { kind: "stored", id: row.id };
  } catch (error) {
    log.error("[inquiries] could not store an inquiry", error);
    return { kind: "failed" };
  }
}
