import nodemailer from "nodemailer";
import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { describeError, notificationsEnabled, SMTP_TIMEOUTS } from "~/features/inquiries/notify.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { newId, nowIso } from "~/lib/time";
import { quoteEmailBlock } from "./quote-text";
import { findQuoteRequest } from "./send-quote-request.server";
import { log } from "~/lib/log.server";

type AckConfig = Pick<AppConfig, "smtpUrl" | "inquiryNotifyTo" | "inquiryNotifyFrom" | "publicUrl">;

/**
 * Emails the buyer what they asked for, from the address the team's notifications come from (Reply-To the team).
 * Sent with the team's notification settings: off unless both SMTP_URL and INQUIRY_NOTIFY_TO are set. A failure is
 * logged and kept on the request as a note the team sees, since the buyer then has no receipt.
 */
export async function sendQuoteAcknowledgement(db: Db, config: AckConfig, id: string): Promise<boolean> {
  if (!notificationsEnabled(config)) return false;
  const found = await findQuoteRequest(db, id);
  if (!found) return false;
  const { inquiry, lines } = found;
  const team = config.inquiryNotifyTo!;
  const text = [
    `Dear ${inquiry.full_name},`,
    "",
    "Thank you for your quote request. We have received it and will reply with our prices and availability.",
    "",
    ...quoteEmailBlock(inquiry, lines),
    ...(inquiry.message ? ["", "Your message:", inquiry.message] : []),
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
      to: { name: inquiry.full_name, address: inquiry.email },
      replyTo: team,
      subject: `We received your quote request`,
      text: text.join("\n"),
    });
    return true;
  } catch (error) {
    const message = describeError(error);
    log.error(`[quotes] acknowledgement for ${id} failed: ${message}`);
    await db
      .insertInto("inquiry_notes")
      .values({
        id: newId(),
        inquiry_id: id,
        author_id: null,
        author_name: "Website",
        body: `The acknowledgement email to the buyer could not be sent: ${message}`,
        created_at: nowIso(),
      })
      .execute()
      .catch((e: Error) => log.error(`[quotes] could not record the failure for ${id}: ${e.message}`));
    return false;
  } finally {
    transport.close();
  }
}

/** After the buyer has had the answer: the receipt goes out without holding up the request. */
export function acknowledgeInBackground(db: Db, config: AckConfig, id: string): void {
  if (!notificationsEnabled(config)) return;
  setImmediate(() => {
    sendQuoteAcknowledgement(db, config, id).catch((error: Error) =>
      log.error(`[quotes] acknowledgement for ${id} failed: ${error.message}`),
    );
  });
}
