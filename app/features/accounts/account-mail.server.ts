import { siteOrigin, type AppConfig } from "~/config.server";
import { mailConfigured, sendMail, siteSender } from "~/lib/mail/mail.server";
import type { Db } from "~/db/database.server";
import { LOCK_MS } from "~/features/auth/throttle.server";
import {
  deliverInBackground,
  deliverMessage,
  enqueueMail,
  latestMailAbout,
  supersedePending,
  Undeliverable,
  type OutboxKind,
  type OutboxMessage,
} from "~/features/outbox/outbox.server";
import { mailStateOf } from "~/features/outbox/mail-state";
import { recordActivity, type ActivityEntry } from "~/features/history/record.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { issueToken, revokeToken, revokeTokens } from "./tokens.server";

export type AccountMailConfig = Pick<
  AppConfig,
  "smtpUrl" | "inquiryNotifyTo" | "inquiryNotifyFrom" | "publicUrl" | "port"
>;

/** The account emails of the outbox (ADR 0051). */
export type AccountMailKind = Extract<OutboxKind, `account-${string}`>;
export type LinkKind = "invite" | "reset";

/** The absolute link of a one-time token: PUBLIC_URL's origin, never the request's forgeable Host header. */
export const accountLink = (config: AccountMailConfig, kind: LinkKind, token: string) =>
  `${siteOrigin(config)}/admin/${kind === "invite" ? "accept-invite" : "reset-password"}?token=${token}`;

/** The outbox's `about` of an account's emails: its page shows how the last one went. */
export const accountMailAbout = (userId: string) => `user:${userId}`;

export const linkMailKind = (kind: LinkKind): AccountMailKind =>
  kind === "invite" ? "account-invite" : "account-reset";

/** Why a link email waiting for its retry was not sent: an administrator made a link to hand over instead. */
export const REPLACED_BY_LINK = "Replaced by a new link";

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
  // Tells an account's owner that its app codes are locked (issue 37): the password that led there is known.
  codeLock: (minutes: number) => ({
    subject: `Sign-in codes locked on your ${COMPANY_NAME} back-office account`,
    text: [
      "Several wrong two-factor codes were entered for your back-office account, each after your password.",
      "",
      `Codes from your authenticator app are refused for the next ${minutes} minutes. One of your recovery codes still signs you in.`,
      "",
      "If this was not you, someone knows your password: ask an administrator for a password-reset link and choose a new one.",
    ].join("\n"),
  }),
};

/**
 * Writes an account email inside `trx`, the transaction of what it announces (ADR 0048, 0051). A link email asked
 * for by an administrator ends the account's earlier links of its kind and the emails of its kind still waiting for a
 * retry; one its owner asked for ('Forgot password?') ends only the owner's earlier links, never an administrator's.
 * The email carries no token here: its link is made as each try goes (no usable link rests in the database).
 */
export async function enqueueAccountMail(
  trx: Pick<Db, "insertInto" | "updateTable" | "deleteFrom">,
  input: { kind: AccountMailKind; user: { id: string; email: string }; requestedBy: string | null },
  now: number,
): Promise<string> {
  const about = accountMailAbout(input.user.id);
  if (input.kind !== "account-code-lock") {
    await revokeTokens(
      trx,
      input.user.id,
      input.kind === "account-invite" ? "invite" : "reset",
      input.requestedBy,
      now,
    );
    if (input.requestedBy) await supersedePending(trx, about, input.kind);
  }
  return enqueueMail(
    trx,
    { kind: input.kind, about, recipient: input.user.email, requested_by: input.requestedBy },
    now,
  );
}

/**
 * Sends an account email from the outbox. A link email makes its link now, valid from this try (48 hours for an
 * invitation, 1 hour for a reset), issued by whoever asked for the email; a try the server refuses ends its link. An email the account no longer needs (the
 * invitation accepted, the account disabled or deleted) is failed with the reason, not retried. Throws when the mail
 * server refuses it; false when mail is off.
 */
export const sendAccountMessage =
  (db: Db, config: AccountMailConfig, clock: () => number = Date.now) =>
  async (message: OutboxMessage): Promise<boolean> => {
    if (!config.smtpUrl) return false;
    const account = await db
      .selectFrom("users")
      .select(["id", "password_hash", "disabled_at"])
      .where("id", "=", message.about.replace(/^user:/, ""))
      .executeTakeFirst();
    if (!account) throw new Undeliverable("The account no longer exists.");
    if (account.disabled_at) throw new Undeliverable("The account is disabled.");
    let minted: string | null = null;
    const linkFor = async (kind: LinkKind) => {
      minted = await issueToken(db, account.id, kind, clock(), message.requested_by, { replace: false });
      return accountLink(config, kind, minted);
    };
    let content: { subject: string; text: string };
    switch (message.kind) {
      case "account-invite":
        if (account.password_hash) throw new Undeliverable("The invitation was accepted meanwhile.");
        content = MESSAGES.invite(await linkFor("invite"), await inviterName(db, message.requested_by));
        break;
      case "account-reset":
        if (!account.password_hash) throw new Undeliverable("The account has not accepted its invitation yet.");
        content = MESSAGES.reset(await linkFor("reset"));
        break;
      case "account-code-lock":
        content = MESSAGES.codeLock(LOCK_MS / 60_000);
        break;
      default:
        throw new Undeliverable(`Not an account email: ${message.kind}`);
    }
    const from = siteSender(config, COMPANY_NAME, new URL(siteOrigin(config)).hostname);
    try {
      await sendMail(config, { from, to: message.recipient, ...content });
      return true;
    } catch (error) {
      // A try the server did not take takes its link back; the next try makes its own.
      if (minted) await revokeToken(db, minted);
      throw error;
    }
  };

async function inviterName(db: Db, userId: string | null) {
  const inviter =
    userId &&
    (await db.selectFrom("profiles").select(["full_name", "email"]).where("id", "=", userId).executeTakeFirst());
  return (inviter && (inviter.full_name || inviter.email)) || "An administrator";
}

/**
 * The first try of a link email an administrator asked for, right after the commit that wrote it. When it did not
 * go, a link to hand over beside it: the email is retried, and either link works until one is used.
 */
export async function deliverOrHandOver(
  db: Db,
  config: AccountMailConfig,
  input: { outboxId: string; userId: string; kind: LinkKind; actorId: string },
  clock: () => number,
): Promise<{ emailed: boolean; error: string | null; link: string | null }> {
  const outcome = await deliverMessage(db, input.outboxId, sendAccountMessage(db, config, clock), clock);
  if (outcome.sent) return { emailed: true, error: null, link: null };
  const token = await issueToken(db, input.userId, input.kind, clock(), input.actorId, { replace: false });
  return { emailed: false, error: outcome.error, link: accountLink(config, input.kind, token) };
}

/**
 * What the account's owner or the server caused ('Forgot password?', a code lock): its activity entry and, with
 * SMTP_URL set, its email, written together; the email is tried after the answer (which does not wait for it).
 */
export async function recordWithOwnerEmail(
  db: Db,
  config: AccountMailConfig,
  input: {
    kind: "account-reset" | "account-code-lock";
    user: { id: string; email: string };
    activity: ActivityEntry & { details: Record<string, unknown> };
  },
  now: number,
) {
  // Account emails go out with SMTP_URL alone; without it an administrator hands the link over.
  const emailed = mailConfigured(config);
  const outboxId = await db.transaction().execute(async (trx) => {
    await recordActivity(trx, null, { ...input.activity, details: { ...input.activity.details, emailed } });
    return emailed ? enqueueAccountMail(trx, { kind: input.kind, user: input.user, requestedBy: null }, now) : null;
  });
  if (outboxId)
    deliverInBackground(
      db,
      [outboxId],
      sendAccountMessage(db, config, () => now),
      () => now,
    );
}

const MAIL_LABELS: Record<AccountMailKind, string> = {
  "account-invite": "Invitation email",
  "account-reset": "Password-reset email",
  "account-code-lock": "Code-lock notice",
};

/**
 * The account's last email, for its page: which one and how it went (sent, retrying, failed), and whether 'Send
 * again' fits (a link email of the kind the account needs now that did not go).
 */
export async function accountMailState(db: Db, account: { id: string; status: string }) {
  const row = await latestMailAbout(db, accountMailAbout(account.id));
  if (!row || !(row.kind in MAIL_LABELS)) return null;
  const kind = row.kind as AccountMailKind;
  const state = mailStateOf(row, await siteTimeZone(db));
  const needed = account.status === "Invited" ? "account-invite" : account.status === "Active" ? "account-reset" : null;
  return { label: MAIL_LABELS[kind], ...state, sendAgain: (state.failed || state.retrying) && kind === needed };
}
