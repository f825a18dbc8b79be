import type { AppServices } from "~/services.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { mailStateOf } from "~/features/outbox/mail-state";
import { latestMailAbout } from "~/features/outbox/outbox.server";
import { productPublished } from "~/features/publishing/visibility.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { newId } from "~/lib/time";
import { prefilledQuote } from "./quote-drafts.server";
import { editorLine } from "./quote-editor.schema";
import { siteToday } from "~/lib/site-time";
import { quoteDocument } from "./quote-document";
import { quoteMailAbout } from "./quote-outbox.server";
import { findQuote, listRevisions } from "./quote-reads.server";
import { acceptedNoticeOf } from "./quote-status";
import { quoteLink } from "./send-quote.server";

/** Product names offered as a line's product is typed: enough for a real catalogue, bounded for a huge one. */
const PRODUCT_NAMES_OFFERED = 500;

/** The catalogue's product names, offered as a line's product is typed. */
async function offeredProductNames(db: AppServices["db"]) {
  const rows = await db
    .selectFrom("products")
    .select("name")
    .where(productPublished)
    .orderBy("name")
    .limit(PRODUCT_NAMES_OFFERED)
    .execute();
  return rows.map((row) => row.name);
}

/**
 * What a new quote's page (`/admin/quotes/new`, `?inquiry=` for a request's) shows: the quote as it starts, with the
 * key its first save is stored under (ADR 0057); null when the inquiry is gone.
 */
export async function newQuotePage(
  { db, config, now }: Pick<AppServices, "db" | "config" | "now">,
  inquiryId: string | null,
) {
  const prefilled = await prefilledQuote(db, inquiryId, { now: now(), timeZone: await siteTimeZone(db) });
  if (!prefilled) return null;
  return { ...prefilled, key: newId(), productNames: await offeredProductNames(db), mail: teamMailConfigured(config) };
}

/**
 * What the quote editor (`/admin/quotes/:quoteId`) shows: the quote and its lines as the form edits them, what was
 * sent, its revisions, its emails' states and the buyer's answer; null when there is no such quote.
 */
export async function quoteEditorPage(
  { db, config, now }: Pick<AppServices, "db" | "config" | "now">,
  quoteId: string,
) {
  const found = await findQuote(db, quoteId);
  if (!found) return null;
  const { quote, lines } = found;
  const timeZone = await siteTimeZone(db);
  const [revisions, products, emailed, teamTold] = await Promise.all([
    listRevisions(db, quote.number),
    quote.status === "draft" ? offeredProductNames(db) : [],
    // Its newest email in the outbox (ADR 0048): sent, retrying or failed.
    latestMailAbout(db, quoteMailAbout(quote.id), "quote"),
    // The team's email about the buyer's answer, once there is one.
    latestMailAbout(db, quoteMailAbout(quote.id), "quote-answer"),
  ]);
  const english = wordingOf("en");
  const issuedDay = siteToday(quote.sent_at ? Date.parse(quote.sent_at) : now(), timeZone);
  return {
    quote,
    lines: lines.map((line) => editorLine(line, line.unit_price_minor, quote.currency)),
    // What the buyer was sent, in English for the desk (the buyer's copy is in their language).
    document: quote.status === "draft" ? null : quoteDocument(quote, lines, { ...english, issuedDay }),
    link: quote.token ? quoteLink(config, quote.token) : null,
    revisions,
    productNames: products,
    mail: teamMailConfigured(config),
    mailState: emailed ? mailStateOf(emailed, timeZone) : null,
    answerMailState: teamTold ? mailStateOf(teamTold, timeZone) : null,
    accepted: acceptedNoticeOf(quote, revisions, timeZone),
  };
}
