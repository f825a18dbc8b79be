import nodemailer from "nodemailer";
import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { nowIso } from "~/lib/time";
import { findQuoteRequest } from "~/features/quotes/send-quote-request.server";
import { quoteEmailBlock } from "~/features/quotes/quote-text";
import { findInquiry } from "./pipeline.server";
import { formatInquiryTime } from "./inquiries.schema";
import { log } from "~/lib/log.server";

type NotifyConfig = Pick<AppConfig, "smtpUrl" | "inquiryNotifyTo" | "inquiryNotifyFrom" | "publicUrl">;

/** Notifications are on when both SMTP_URL and INQUIRY_NOTIFY_TO are set. */
export const notificationsEnabled = (config: NotifyConfig) => !!(config.smtpUrl && config.inquiryNotifyTo);

export type NotifyResult = { ok: true } | { ok: false; error: string };

// Short limits: a dead server must not keep a request (the resend button) waiting for minutes.
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Emails one stored inquiry to INQUIRY_NOTIFY_TO. False when the inquiry is gone; throws when the mail server
 * does not accept it (the caller records the outcome: `mail-queue.server.ts`, or the resend button below).
 */
export async function sendTeamNotification(db: Db, config: NotifyConfig, id: string): Promise<boolean> {
  const inquiry = await findInquiry(db, id);
  if (!inquiry) return false;
  const to = config.inquiryNotifyTo!;
  // A quote request lists what the buyer asked for: each product with its quantity, grade and packaging, and the terms.
  const quote = inquiry.kind === "quote" ? await findQuoteRequest(db, id) : null;
  const lines = [
    `New inquiry received ${formatInquiryTime(inquiry.created_at)}`,
    "",
    `Name: ${inquiry.full_name}`,
    `Email: ${inquiry.email}`,
    `Phone: ${inquiry.phone || "-"}`,
    ...(quote
      ? [`Subject: ${inquiry.subject}`, "", ...quoteEmailBlock(inquiry, quote.lines), "", "Message:"]
      : [
          `Product: ${inquiry.product_name ?? "-"}`,
          `Page: ${inquiry.page_path ?? "-"}`,
          `Subject: ${inquiry.subject}`,
          "",
        ]),
    inquiry.message || "-",
    "",
    config.publicUrl
      ? `Open it in the back office: ${config.publicUrl}/admin/inquiries/${inquiry.id}`
      : `Open it in the back office under /admin/inquiries/${inquiry.id}`,
    "Reply to this email to answer the buyer.",
  ];
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
  try {
    // The buyer's name and address go in as an address object, which nodemailer encodes; the schema has
    // already refused line breaks in them and in the subject.
    await transport.sendMail({
      from: config.inquiryNotifyFrom ?? to,
      to,
      replyTo: { name: inquiry.full_name, address: inquiry.email },
      subject: `New inquiry: ${inquiry.subject}`,
      text: lines.join("\n"),
    });
    return true;
  } finally {
    transport.close();
  }
}

/**
 * 'Resend notification': sends now, whatever the retries' state, and records the outcome on the inquiry:
 * notified_at (and no further try) when the server accepted it, notify_error (kept short, without the server's
 * credentials) when not.
 */
export async function sendInquiryNotification(db: Db, config: NotifyConfig, id: string): Promise<NotifyResult> {
  if (!notificationsEnabled(config)) return { ok: false, error: "Email notifications are not configured." };
  try {
    if (!(await sendTeamNotification(db, config, id))) return { ok: false, error: "The inquiry no longer exists." };
  } catch (error) {
    const message = describeError(error);
    log.error(`[inquiries] notification for ${id} failed: ${message}`);
    await db
      .updateTable("inquiries")
      .set({ notify_error: message })
      .where("id", "=", id)
      .execute()
      .catch((e: Error) => log.error(`[inquiries] could not record the failure for ${id}: ${e.message}`));
    return { ok: false, error: message };
  }
  await db
    .updateTable("inquiries")
    .set({ notified_at: nowIso(), notify_error: null, notify_due_at: null })
    .where("id", "=", id)
    .execute();
  return { ok: true };
}

export function describeError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  // A connection URL with a password could appear in a message; keep the code and the first line only.
  const text = `${e.code ? `${e.code}: ` : ""}${(e.message ?? String(error)).split("\n")[0]}`.replace(
    /\/\/[^@/\s]*@/g,
    "//***@",
  );
  return text.slice(0, 300);
}
