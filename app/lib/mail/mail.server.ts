import nodemailer, { type SendMailOptions } from "nodemailer";

/**
 * The site's mail, as storage is in `lib/storage`: the one place that talks SMTP (an architecture rule). Features
 * write their messages and hand them here (or to the outbox); none imports another feature to send one.
 */

/** What mail needs of the configuration (`AppConfig` has it): SMTP_URL, INQUIRY_NOTIFY_TO, INQUIRY_NOTIFY_FROM. */
export interface MailSettings {
  smtpUrl?: string | null;
  inquiryNotifyTo?: string | null;
  inquiryNotifyFrom?: string | null;
}

/** What the features' emails need: the mail settings and PUBLIC_URL (links in the message). */
export interface MailConfig extends MailSettings {
  publicUrl?: string | null;
}

/** Any email can go: SMTP_URL is set (account links need nothing more). */
export const mailConfigured = (settings: MailSettings) => !!settings.smtpUrl;

/** The team's emails can go: SMTP_URL and INQUIRY_NOTIFY_TO are both set (notifications, receipts, quotes). */
export const teamMailConfigured = (settings: MailSettings) => !!(settings.smtpUrl && settings.inquiryNotifyTo);

/** The team's first address (INQUIRY_NOTIFY_TO may list several), or null. */
export const firstTeamAddress = (settings: MailSettings) => settings.inquiryNotifyTo?.split(",")[0].trim() || null;

/**
 * Who every email of the site comes from: INQUIRY_NOTIFY_FROM, else the team's first address under the company's
 * name, else `no-reply@` the site's host (`host` matters only then: account mail, which needs no team address).
 */
export function siteSender(settings: MailSettings, company: string, host = "localhost"): SendMailOptions["from"] {
  if (settings.inquiryNotifyFrom) return settings.inquiryNotifyFrom;
  const team = firstTeamAddress(settings);
  return team ? { name: company, address: team } : `no-reply@${host}`;
}

/** Longest name an email greets by; a longer one, or one with anything but letters, is not repeated. */
export const GREETING_NAME_MAX = 40;

/**
 * The name an email may greet its buyer by: letters (any script), spaces, apostrophes and hyphens, at most four
 * words and GREETING_NAME_MAX characters. Anything else ('Click http://…', a domain, digits) is not repeated:
 * whoever sends a public form chooses the recipient, so the email must carry nothing they could use to write to
 * someone else in the exporter's name.
 */
export function greetingName(name: string): string | null {
  const clean = name.trim().replace(/\s+/g, " ");
  if (!clean || clean.length > GREETING_NAME_MAX || clean.split(" ").length > 4) return null;
  return /^\p{L}[\p{L}\p{M}' -]*$/u.test(clean) ? clean : null;
}

// Short limits: a dead server must not keep a request (the resend button) waiting for minutes.
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Sends one message through SMTP_URL (a connection per message: mail here is a few a minute at most). Throws when
 * the server does not take it.
 */
export async function sendMail(settings: MailSettings, message: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({ url: settings.smtpUrl!, ...SMTP_TIMEOUTS });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

/** Text put into an email's HTML part. */
export const escapeHtml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&#39;", '"': "&quot;" })[c]!);
