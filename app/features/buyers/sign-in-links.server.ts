import { randomBytes } from "node:crypto";
import { siteOrigin, type AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { countInWindow, installationHmac } from "~/features/abuse/hmac-and-rate-limit.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import {
  deliverInBackground,
  enqueueMail,
  supersedePending,
  Undeliverable,
  type OutboxMessage,
} from "~/features/outbox/outbox.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { emailKey } from "~/lib/buyer-keys";
import { DEFAULT_LANGUAGE, isLanguage, localePath, type Language } from "~/lib/i18n/languages";
import { sendMail, siteSender } from "~/lib/mail/mail.server";
import { hashToken, isTokenShaped } from "~/features/accounts/tokens.server";
import { buyerOfAddress, ownerOf } from "./buyer-addresses.server";
import { createBuyerSession } from "./buyer-session.server";

// 'Email me a sign-in link' (issue 45, ADR 0066): a single-use link, valid 15 minutes, to a known buyer address; the
// same answer whatever the address, and counted per address and per sender so the form mails nobody at length.

export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Links asked for one address in an hour, whether or not it is known (so the count tells nothing). */
export const LINKS_PER_ADDRESS = 3;
/** Links asked from one sender address (IPv4, or IPv6 /64) in an hour. */
export const LINKS_PER_SENDER = 10;

export type SignInMailConfig = Pick<
  AppConfig,
  "smtpUrl" | "inquiryNotifyTo" | "inquiryNotifyFrom" | "publicUrl" | "port"
>;

/** A sign-in link's token has the team's links' shape (32 random bytes): anything else is looked up nowhere. */
export const isSignInToken = (token: unknown): token is string => typeof token === "string" && isTokenShaped(token);

/** The outbox's `about` of a sign-in email: the buyer, and the language of the page it was asked from. */
const signInAbout = (buyerId: string, lang: Language) => `buyer:${buyerId}:${lang}`;
function parseAbout(about: string): { buyerId: string; lang: Language } | null {
  const match = /^buyer:([^:]+):([a-z]{2})$/.exec(about);
  return match ? { buyerId: match[1], lang: isLanguage(match[2]) ? match[2] : DEFAULT_LANGUAGE } : null;
}

export const signInLink = (config: Pick<AppConfig, "publicUrl" | "port">, lang: Language, token: string) =>
  `${siteOrigin(config)}${localePath(lang, "/account/sign-in")}?token=${token}`;

export type LinkRequest = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A sign-in link asked for `email` from the page in `lang`. Counted first (the sender, then the address, under a
 * keyed hash: the throttle table never holds the address); then, for an address of a buyer whose access is not
 * disabled, or one the site knows from an inquiry or a quote (its buyer made now), an email written to the outbox
 * and tried after the answer. Whatever the address, the answer is the same.
 */
export async function requestSignInLink(
  db: Db,
  config: SignInMailConfig,
  input: { email: string; lang: Language; ip: string },
  now: number,
): Promise<LinkRequest> {
  const key = emailKey(input.email);
  for (const [counted, limit] of [
    [`buyer-link-ip:${input.ip}`, LINKS_PER_SENDER],
    [`buyer-link-email:${await installationHmac(db, `buyer-link:${key}`)}`, LINKS_PER_ADDRESS],
  ] as const) {
    const count = await countInWindow(db, counted, { limit, windowMs: HOUR_MS }, now);
    if (!count.allowed) return { allowed: false, retryAfterSeconds: count.retryAfter };
  }
  if (!config.smtpUrl) return { allowed: true };
  const owner = await buyerOfAddress(db, key, now);
  if (!owner || owner.disabled) return { allowed: true };
  const about = signInAbout(owner.buyerId, input.lang);
  const outboxId = await db.transaction().execute(async (trx) => {
    // One email per address waiting for a retry: a new ask replaces one the mail server has not taken yet.
    await supersedePending(trx, about, "buyer-sign-in");
    return enqueueMail(trx, { kind: "buyer-sign-in", about, recipient: key }, now);
  });
  deliverInBackground(
    db,
    [outboxId],
    sendSignInMessage(db, config, () => now),
    () => now,
  );
  return { allowed: true };
}

/**
 * Sends a sign-in email from the outbox, in the language it was asked in. Its link is made now (ADR 0051: no usable
 * link rests in the database or the outbox), valid 15 minutes from this try; a try the server refuses ends it. An
 * address moved to another buyer meanwhile, or a buyer disabled, is not sent.
 */
export const sendSignInMessage =
  (db: Db, config: SignInMailConfig, clock: () => number = Date.now) =>
  async (message: OutboxMessage): Promise<boolean> => {
    if (!config.smtpUrl) return false;
    const about = parseAbout(message.about);
    if (!about) throw new Undeliverable(`Not a sign-in email: ${message.about}`);
    const key = emailKey(message.recipient);
    const owner = await ownerOf(db, key);
    if (!owner || owner.buyerId !== about.buyerId)
      throw new Undeliverable("The address no longer belongs to this buyer.");
    if (owner.disabled) throw new Undeliverable("The buyer's access is disabled.");
    const token = randomBytes(32).toString("base64url");
    const now = clock();
    await db
      .insertInto("buyer_sign_in_links")
      .values({
        token_hash: hashToken(token),
        buyer_id: owner.buyerId,
        email_key: key,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + SIGN_IN_LINK_TTL_MS).toISOString(),
      })
      .execute();
    const { t } = wordingOf(about.lang);
    const link = signInLink(config, about.lang, token);
    const from = siteSender(config, COMPANY_NAME, new URL(siteOrigin(config)).hostname);
    try {
      await sendMail(config, {
        from,
        to: message.recipient,
        subject: t("account.email.subject", { company: COMPANY_NAME }),
        text: [
          t("account.email.intro", { company: COMPANY_NAME }),
          "",
          t("account.email.link", { minutes: SIGN_IN_LINK_TTL_MS / 60_000 }),
          link,
          "",
          t("account.email.ignore"),
        ].join("\n"),
      });
      return true;
    } catch (error) {
      await db.deleteFrom("buyer_sign_in_links").where("token_hash", "=", hashToken(token)).execute();
      throw error;
    }
  };

export type SignInOutcome = { ok: true; token: string } | { ok: false };

/**
 * Signs in with a link, using it up: one transaction claims the link (unused and not expired, conditioned in the
 * database, so two tries at once make one session) and opens the session. A link of a disabled buyer, or of an
 * address moved to another buyer since, opens nothing. Links past their time are cleared as it goes.
 */
export async function signInWithLink(db: Db, token: string, now: number): Promise<SignInOutcome> {
  if (!isSignInToken(token)) return { ok: false };
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable("buyer_sign_in_links")
      .set({ used_at: at })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning(["buyer_id", "email_key"])
      .executeTakeFirst();
    await trx
      .deleteFrom("buyer_sign_in_links")
      .where("expires_at", "<=", new Date(now - SIGN_IN_LINK_TTL_MS).toISOString())
      .execute();
    if (!link) return { ok: false } as const;
    const owner = await ownerOf(trx, link.email_key);
    if (!owner || owner.buyerId !== link.buyer_id || owner.disabled) return { ok: false } as const;
    await trx.updateTable("buyers").set({ last_sign_in_at: at }).where("id", "=", owner.buyerId).execute();
    return { ok: true, token: await createBuyerSession(trx, owner.buyerId, link.email_key, now) } as const;
  });
}
