import nodemailer from "nodemailer";
import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { SMTP_TIMEOUTS } from "~/features/inquiries/notify.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { lineText, monthText } from "./quote-text";
import { findQuoteRequest } from "./send-quote-request.server";

type AckConfig = Pick<AppConfig, "smtpUrl" | "inquiryNotifyTo" | "inquiryNotifyFrom" | "publicUrl">;

/** Longest name a receipt greets by; a longer one, or one with anything but letters, is not repeated. */
export const GREETING_NAME_MAX = 40;

/**
 * The name a receipt may greet the buyer by: letters (any script), spaces, apostrophes and hyphens, at most four
 * words and GREETING_NAME_MAX characters. Anything else ('Click http://…', a domain, digits) is not repeated:
 * whoever sends the form chooses the recipient, so the receipt must carry nothing they could use to write to
 * someone else in the exporter's name.
 */
export function greetingName(name: string): string | null {
  const clean = name.trim().replace(/\s+/g, " ");
  if (!clean || clean.length > GREETING_NAME_MAX || clean.split(" ").length > 4) return null;
  return /^\p{L}[\p{L}\p{M}' -]*$/u.test(clean) ? clean : null;
}

/**
 * Emails the buyer a receipt, from the address the team's notifications come from (Reply-To the team). It repeats
 * only what the catalogue and the form's lists decide: the products as chosen (name from the catalogue, a number,
 * a unit, a grade and a packaging from that product's lists), the Incoterm and the month; never the message,
 * company, port or any other text typed into the form, and the name only as `greetingName` allows. False when the
 * request is gone; throws when the mail server does not accept it (`mail-queue.server.ts` retries).
 */
export async function sendQuoteReceipt(db: Db, config: AckConfig, id: string): Promise<boolean> {
  const found = await findQuoteRequest(db, id);
  if (!found) return false;
  const { inquiry, lines } = found;
  const team = config.inquiryNotifyTo!;
  const name = greetingName(inquiry.full_name);
  const month = monthText(inquiry.delivery_month);
  const text = [
    name ? `Dear ${name},` : "Dear Sir or Madam,",
    "",
    "Thank you for your quote request. We have received it and will reply with our prices and availability.",
    "",
    "Products:",
    ...lines.map((line, i) => `  ${i + 1}. ${lineText(line)}`),
    ...(inquiry.incoterm || month ? [""] : []),
    ...(inquiry.incoterm ? [`Incoterm: ${inquiry.incoterm}`] : []),
    ...(month ? [`Target Delivery: ${month}`] : []),
    "",
    "To change anything, simply reply to this email.",
    "",
    COMPANY_NAME,
    ...(config.publicUrl ? [config.publicUrl] : []),
  ];
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
  try {
    await transport.sendMail({
      // INQUIRY_NOTIFY_FROM may name itself ('Website <website@…>'); else the team's (first) address sends it.
      from: config.inquiryNotifyFrom ?? { name: COMPANY_NAME, address: team.split(",")[0].trim() },
      // The address alone: a display name is text the sender typed too.
      to: inquiry.email,
      replyTo: team,
      subject: `We received your quote request`,
      text: text.join("\n"),
    });
    return true;
  } finally {
    transport.close();
  }
}
