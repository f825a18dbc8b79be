import nodemailer, { type SendMailOptions } from "nodemailer";
import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { getPublicSettings } from "~/features/settings/settings.server";
import { COMPANY_NAME, phoneDigits } from "~/features/settings/settings.schema";
import { log } from "~/lib/log.server";
import { nowIso } from "~/lib/time";
import { formatInquiryTime } from "./inquiries.schema";
import { findStoredInquiry, type StoredInquiry } from "./pipeline.server";
import { lineText, monthText, quoteEmailBlock } from "./quote-text";
import { greetingName, receiptContent } from "./receipt";
import { inquiryReference } from "./reference";

/**
 * The inquiries' two emails: the team's notification (every inquiry) and the buyer's receipt (quote requests).
 * Both are made from the stored inquiry, read once by the caller (`mail-queue.server.ts`, or the resend button).
 */
export type MailConfig = Pick<AppConfig, "smtpUrl" | "inquiryNotifyTo" | "inquiryNotifyFrom" | "publicUrl">;

/** Notifications are on when both SMTP_URL and INQUIRY_NOTIFY_TO are set. */
export const notificationsEnabled = (config: MailConfig) => !!(config.smtpUrl && config.inquiryNotifyTo);

export type NotifyResult = { ok: true } | { ok: false; error: string };

// Short limits: a dead server must not keep a request (the resend button) waiting for minutes.
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

async function send(config: MailConfig, message: SendMailOptions) {
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

/**
 * Emails one stored inquiry to INQUIRY_NOTIFY_TO. False when the inquiry is gone; throws when the mail server
 * does not accept it (the caller records the outcome).
 */
export async function sendTeamNotification(config: MailConfig, stored: StoredInquiry | null): Promise<boolean> {
  if (!stored) return false;
  const { inquiry } = stored;
  const to = config.inquiryNotifyTo!;
  // A quote request lists what the buyer asked for: each product with its quantity, grade and packaging, and the terms.
  const lines = [
    `New inquiry received ${formatInquiryTime(inquiry.created_at)}`,
    "",
    `Name: ${inquiry.full_name}`,
    `Email: ${inquiry.email}`,
    `Phone: ${inquiry.phone || "-"}`,
    ...(inquiry.kind === "quote"
      ? [`Subject: ${inquiry.subject}`, "", ...quoteEmailBlock(inquiry, stored.lines), "", "Message:"]
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
  // The buyer's name and address go in as an address object, which nodemailer encodes; the schema has already
  // refused line breaks in them and in the subject.
  await send(config, {
    from: config.inquiryNotifyFrom ?? to,
    to,
    replyTo: { name: inquiry.full_name, address: inquiry.email },
    subject: `New inquiry: ${inquiry.subject}`,
    text: lines.join("\n"),
  });
  return true;
}

/**
 * Emails the buyer a receipt, from the address the team's notifications come from (Reply-To the team). It repeats
 * only what the catalogue and the form's lists decide: the products as chosen (name from the catalogue, a number,
 * a unit, a grade and a packaging from that product's lists), the Incoterm and the month; never the message,
 * company, port or any other text typed into the form, and the name only as `greetingName` allows. False when the
 * request is gone (or is no quote request); throws when the mail server does not accept it.
 */
export async function sendQuoteReceipt(db: Db, config: MailConfig, stored: StoredInquiry | null): Promise<boolean> {
  if (stored?.inquiry.kind !== "quote") return false;
  const { inquiry, lines } = stored;
  const settings = await getPublicSettings(db);
  const team = config.inquiryNotifyTo!;
  const receipt = receiptContent({
    name: greetingName(inquiry.full_name),
    reference: inquiryReference(inquiry.id),
    lines: lines.map(lineText),
    incoterm: inquiry.incoterm,
    month: monthText(inquiry.delivery_month),
    // The exporter's own chat number (site settings), never anything from the form.
    chat: phoneDigits(settings.whatsapp_number) ? settings.whatsapp_number : null,
    website: config.publicUrl ?? null,
  });
  await send(config, {
    // INQUIRY_NOTIFY_FROM may name itself ('Website <website@…>'); else the team's (first) address sends it.
    from: config.inquiryNotifyFrom ?? { name: COMPANY_NAME, address: team.split(",")[0].trim() },
    // The address alone: a display name is text the sender typed too.
    to: inquiry.email,
    replyTo: team,
    subject: `We received your quote request (${receipt.reference})`,
    text: receipt.text,
    html: receipt.html,
  });
  return true;
}

/**
 * 'Resend notification': sends now, whatever the retries' state, and records the outcome on the inquiry:
 * notified_at (and no further try) when the server accepted it, notify_error (kept short, without the server's
 * credentials) when not.
 */
export async function sendInquiryNotification(db: Db, config: MailConfig, id: string): Promise<NotifyResult> {
  if (!notificationsEnabled(config)) return { ok: false, error: "Email notifications are not configured." };
  try {
    if (!(await sendTeamNotification(config, await findStoredInquiry(db, id))))
      return { ok: false, error: "The inquiry no longer exists." };
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
