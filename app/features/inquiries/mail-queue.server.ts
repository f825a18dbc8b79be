import type { Db } from "~/db/database.server";
import { countInWindow, installationHmac } from "~/features/abuse/hmac-and-rate-limit.server";
import {
  deliverInBackground as deliverInBackgroundFromOutbox,
  deliverMessage,
  enqueueMail,
  supersedePending,
  Undeliverable,
  type DeliveryOutcome,
  type OutboxMessage,
} from "~/features/outbox/outbox.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { log } from "~/lib/log.server";
import { mailboxKey } from "~/lib/mailbox";
import type { InquiryKind } from "~/db/schema";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { sendQuoteReceipt, sendTeamNotification } from "./mailer.server";
import type { MailConfig } from "~/lib/mail/mail.server";
import { findStoredInquiry, type StoredInquiry } from "./inquiry-reads.server";

export { MAIL_BACKOFF_MS } from "~/features/outbox/outbox.server";

/**
 * An inquiry's emails (the team's notification, a quote or sample request's receipt to the buyer) go through the
 * outbox (ADR 0048, replacing ADR 0011's columns): written in the intake's transaction, first tried right after the
 * commit, retried by the outbox timer of any instance.
 */
export type InquiryMailKind = "inquiry-notification" | "inquiry-receipt";

/** The outbox's `about` of an inquiry's emails. */
export const inquiryMailAbout = (inquiryId: string) => `inquiry:${inquiryId}`;
const inquiryIdOf = (about: string) => about.replace(/^inquiry:/, "");

/**
 * Receipts per recipient address and day, across all senders: whoever fills the quote form chooses where the
 * receipt goes, so an address gets at most this many from us a day. Over it the request is kept and the team
 * notified as usual; only the receipt is not sent (and the inquiry says why).
 */
export const RECEIPTS_PER_RECIPIENT = 3;
export const RECEIPT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RECEIPT_LIMIT_REASON = `${RECEIPTS_PER_RECIPIENT} receipts already went to this address today`;

/** Anything a transaction can write through. */
type Writer = Parameters<typeof enqueueMail>[0];

/**
 * Writes an inquiry's emails in the transaction that stores it: the team's notification, and a receipt for a quote
 * or sample request. None when notifications are off. The ids, for the first try after the commit.
 */
export async function enqueueInquiryMail(
  trx: Writer,
  config: MailConfig,
  inquiry: { id: string; kind: InquiryKind; email: string },
  now: number,
): Promise<string[]> {
  if (!teamMailConfigured(config)) return [];
  const about = inquiryMailAbout(inquiry.id);
  const ids = [
    await enqueueMail(trx, { kind: "inquiry-notification", about, recipient: config.inquiryNotifyTo! }, now),
  ];
  if (inquiry.kind !== "contact")
    ids.push(await enqueueMail(trx, { kind: "inquiry-receipt", about, recipient: inquiry.email }, now));
  return ids;
}

/**
 * False when this receipt's mailbox is over RECEIPTS_PER_RECIPIENT today (counted once per receipt): by mailbox, not
 * spelling, so `Victim@`, `victim+1@` and Gmail's `v.ictim@` share one count.
 */
async function withinRecipientLimit(db: Db, stored: StoredInquiry, now: number): Promise<boolean> {
  const key = `receipt:${await installationHmac(db, `receipt:${mailboxKey(stored.inquiry.email)}`)}`;
  const counted = await countInWindow(db, key, { limit: RECEIPTS_PER_RECIPIENT, windowMs: RECEIPT_WINDOW_MS }, now);
  return counted.allowed;
}

/** Whether an earlier receipt about the inquiry was written: a 'Send again' by the team, not the form's own. */
const isSentAgain = async (db: Db, message: OutboxMessage) =>
  !!(await db
    .selectFrom("outbox")
    .select("id")
    .where("about", "=", message.about)
    .where("kind", "=", message.kind)
    .where("id", "!=", message.id)
    .executeTakeFirst());

/**
 * Sends one of an inquiry's emails from the outbox, made from the inquiry as stored now. False when the inquiry is
 * gone or mail is off; throws when the mail server refuses it. A receipt's first try counts its recipient's
 * receipts of the day (the form's, not the team's 'Send again'): over the limit it is failed, not retried.
 */
export const sendInquiryMessage =
  (db: Db, config: MailConfig, clock: () => number = Date.now) =>
  async (message: OutboxMessage): Promise<boolean> => {
    if (!teamMailConfigured(config)) return false;
    const stored = await findStoredInquiry(db, inquiryIdOf(message.about));
    if (!stored) return false;
    if (message.kind === "inquiry-notification") return sendTeamNotification(config, stored, await siteTimeZone(db));
    if (
      Number(message.attempts) === 1 &&
      !(await isSentAgain(db, message)) &&
      !(await withinRecipientLimit(db, stored, clock()))
    ) {
      log.warn(`[inquiries] receipt for ${stored.inquiry.id} not sent: ${RECEIPT_LIMIT_REASON}`);
      throw new Undeliverable(RECEIPT_LIMIT_REASON);
    }
    return sendQuoteReceipt(db, config, stored);
  };

/** Tries one of an inquiry's outbox messages now (if due and this process claims it). */
export const deliverInquiryMessage = (db: Db, config: MailConfig, id: string, clock: () => number = Date.now) =>
  deliverMessage(db, id, sendInquiryMessage(db, config, clock), clock);

/** After the buyer has had the answer: the first try of each email goes out without holding up the request. */
export const deliverInBackground = (db: Db, config: MailConfig, ids: string[], clock: () => number = Date.now) =>
  deliverInBackgroundFromOutbox(db, ids, sendInquiryMessage(db, config, clock), clock);

/**
 * 'Send again' (and 'Resend notification'): a new message about the inquiry, tried at once; earlier ones still
 * waiting for a retry are failed as superseded (the email goes once when the mail server is back). Refused when mail is off, the inquiry is gone, or it has no receipt to send.
 */
export async function sendInquiryMailAgain(
  db: Db,
  config: MailConfig,
  inquiryId: string,
  kind: InquiryMailKind,
  now: number = Date.now(),
): Promise<{ ok: true; outcome: DeliveryOutcome } | { ok: false; error: string }> {
  if (!teamMailConfigured(config)) return { ok: false, error: "Email notifications are not configured." };
  const inquiry = await db
    .selectFrom("inquiries")
    .select(["id", "kind", "email"])
    .where("id", "=", inquiryId)
    .executeTakeFirst();
  if (!inquiry) return { ok: false, error: "The inquiry no longer exists." };
  if (kind === "inquiry-receipt" && inquiry.kind === "contact")
    return { ok: false, error: "A contact message has no receipt." };
  const recipient = kind === "inquiry-notification" ? config.inquiryNotifyTo! : inquiry.email;
  const about = inquiryMailAbout(inquiry.id);
  const id = await db.transaction().execute(async (trx) => {
    await supersedePending(trx, about, kind);
    return enqueueMail(trx, { kind, about, recipient }, now);
  });
  return { ok: true, outcome: await deliverInquiryMessage(db, config, id, () => now) };
}
