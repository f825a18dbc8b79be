import { timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import type { Db } from "~/db/database.server";
import { installationHmac } from "~/features/abuse/hmac-and-rate-limit.server";
import { servedOverHttps } from "~/lib/https.server";
import { findStoredInquiry } from "~/features/inquiries/inquiry-reads.server";
import { DEFAULT_LANGUAGE, type Language, localePath } from "~/lib/i18n/languages";

/**
 * After sending, the buyer sees what they sent on /request-quote/sent. Which request that is rides in a cookie
 * only their browser has (path /request-quote, or /ar/request-quote…, one hour, HttpOnly), never in the URL: a URL is shared, logged and
 * sent on as a Referer. The cookie is signed with the installation's secret, so an inquiry id seen elsewhere (the
 * back office, a notification) cannot be turned into someone else's summary.
 */
const SUMMARY_COOKIE = "quote_sent";
const SUMMARY_PATH = "/request-quote";
const SUMMARY_SECONDS = 60 * 60;

// The installation's HMAC, under a prefix of its own so no other use gives the same text.
const signature = (db: Db, id: string, expires: number) => installationHmac(db, `quote-summary:${id}:${expires}`);

/** `lang`: the summary page's language, whose path the cookie is sent to (`/ar/request-quote`). */
export async function quoteSummaryCookie(
  db: Db,
  request: Request,
  publicUrl: string | undefined,
  id: string,
  lang: Language = DEFAULT_LANGUAGE,
) {
  const expires = Math.floor(Date.now() / 1000) + SUMMARY_SECONDS;
  return serialize(SUMMARY_COOKIE, `${id}.${expires}.${await signature(db, id, expires)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(request, publicUrl),
    path: localePath(lang, SUMMARY_PATH),
    maxAge: SUMMARY_SECONDS,
  });
}

/** The request this browser sent in the last hour, or null. */
export async function readQuoteSummary(db: Db, request: Request) {
  const raw = parse(request.headers.get("Cookie") ?? "")[SUMMARY_COOKIE];
  const match = raw && /^([A-Za-z0-9-]{1,64})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(raw);
  if (!match) return null;
  const [, id, expiresText, given] = match;
  const expires = Number(expiresText);
  if (expires < Date.now() / 1000) return null;
  const expected = await signature(db, id, expires);
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  return findStoredInquiry(db, id, "quote");
}
