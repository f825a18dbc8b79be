import nodemailer from "nodemailer";
import { siteOrigin, type AppConfig } from "~/config.server";
import { SMTP_TIMEOUTS } from "~/features/inquiries/mailer.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { log } from "~/lib/log.server";

export type AccountMailConfig = Pick<
  AppConfig,
  "smtpUrl" | "inquiryNotifyTo" | "inquiryNotifyFrom" | "publicUrl" | "port"
>;

/** Account emails go out only with SMTP_URL set; without it an administrator hands the link over. */
export const accountMailEnabled = (config: AccountMailConfig) => !!config.smtpUrl;

/** The absolute link of a one-time token: PUBLIC_URL's origin, never the request's forgeable Host header. */
export const accountLink = (config: AccountMailConfig, kind: "invite" | "reset", token: string) =>
  `${siteOrigin(config)}/admin/${kind === "invite" ? "accept-invite" : "reset-password"}?token=${token}`;

function sender(config: AccountMailConfig): string {
  if (config.inquiryNotifyFrom) return config.inquiryNotifyFrom;
  if (config.inquiryNotifyTo) return config.inquiryNotifyTo.split(",")[0].trim();
  return `no-reply@${new URL(siteOrigin(config)).hostname}`;
}

const MESSAGES = {
  invite: (link: string, inviter: string) => ({
    subject: `You are invited to the ${COMPANY_NAME} back office`,
    text: [
      `${inviter} has invited you to the back office of ${COMPANY_NAME}.`,
      "",
      "Choose your password here (the link works once, for 48 hours):",
      link,
      "",
      "If you did not expect this, ignore this email.",
    ].join("\n"),
  }),
  reset: (link: string) => ({
    subject: `Reset your ${COMPANY_NAME} back-office password`,
    text: [
      "Someone asked to reset the password of your back-office account.",
      "",
      "Choose a new password here (the link works once, for 1 hour):",
      link,
      "",
      "If it was not you, ignore this email: your password stays as it is.",
    ].join("\n"),
  }),
};

/** Sends an invitation or reset link; false (logged) when the mail server did not take it. */
export async function sendAccountLink(
  config: AccountMailConfig,
  to: string,
  kind: "invite" | "reset",
  link: string,
  inviter = "An administrator",
): Promise<boolean> {
  const message = kind === "invite" ? MESSAGES.invite(link, inviter) : MESSAGES.reset(link);
  return send(config, to, message, `the ${kind} email`);
}

/** Tells an account's owner that its app codes are locked (issue 37): the password that led there is known. */
export async function sendCodeLockNotice(config: AccountMailConfig, to: string, minutes: number): Promise<boolean> {
  return send(
    config,
    to,
    {
      subject: `Sign-in codes locked on your ${COMPANY_NAME} back-office account`,
      text: [
        "Several wrong two-factor codes were entered for your back-office account, each after your password.",
        "",
        `Codes from your authenticator app are refused for the next ${minutes} minutes. One of your recovery codes still signs you in.`,
        "",
        "If this was not you, someone knows your password: ask an administrator for a password-reset link and choose a new one.",
      ].join("\n"),
    },
    "the code-lock email",
  );
}

async function send(config: AccountMailConfig, to: string, message: { subject: string; text: string }, what: string) {
  if (!config.smtpUrl) return false;
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
  try {
    await transport.sendMail({ from: sender(config), to, ...message });
    return true;
  } catch (error) {
    log.error(`[accounts] ${what} could not be sent`, error);
    return false;
  } finally {
    transport.close();
  }
}
