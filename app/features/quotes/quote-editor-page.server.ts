import type { AppServices } from "~/services.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { mailStateOf } from "~/features/outbox/mail-state";
import { latestMailAbout } from "~/features/outbox/outbox.server";
import { productPublished } from "~/features/publishing/visibility.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { formatMoney, minorToDecimal } from "~/lib/money";
import { siteToday } from "~/lib/site-time";
import { quoteDocument } from "./quote-document";
import { quoteMailAbout } from "./quote-outbox.server";
import { findQuote, listRevisions } from "./quote-reads.server";
import { acceptedNoticeOf } from "./quote-status";
import { quoteLink } from "./send-quote.server";

/** Product names offered as a line's product is typed: enough for a real catalogue, bounded for a huge one. */
const PRODUCT_NAMES_OFFERED = 500;

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
    quote.status === "draft"
      ? db
          .selectFrom("products")
          .select("name")
          .where(productPublished)
          .orderBy("name")
          .limit(PRODUCT_NAMES_OFFERED)
          .execute()
      : [],
    // Its newest email in the outbox (ADR 0048): sent, retrying or failed.
    latestMailAbout(db, quoteMailAbout(quote.id), "quote"),
    // The team's email about the buyer's answer, once there is one.
    latestMailAbout(db, quoteMailAbout(quote.id), "quote-answer"),
  ]);
  const english = wordingOf("en");
  const issuedDay = siteToday(quote.sent_at ? Date.parse(quote.sent_at) : now(), timeZone);
  return {
    quote,
    lines: lines.map((line) => ({
      productId: line.product_id ?? "",
      name: line.product_name,
      grade: line.grade ?? "",
      packaging: line.packaging ?? "",
      quantity: line.quantity,
      unit: line.unit,
      price: line.unit_price_minor > 0 ? minorToDecimal(line.unit_price_minor, quote.currency) : "",
    })),
    amounts: lines.map((line) =>
      line.unit_price_minor > 0 ? formatMoney(line.line_total_minor, quote.currency) : null,
    ),
    total: formatMoney(quote.total_minor, quote.currency),
    // What the buyer was sent, in English for the desk (the buyer's copy is in their language).
    document: quote.status === "draft" ? null : quoteDocument(quote, lines, { ...english, issuedDay }),
    link: quote.token ? quoteLink(config, quote.token) : null,
    revisions,
    productNames: products.map((product) => product.name),
    mail: teamMailConfigured(config),
    mailState: emailed ? mailStateOf(emailed, timeZone) : null,
    answerMailState: teamTold ? mailStateOf(teamTold, timeZone) : null,
    accepted: acceptedNoticeOf(quote, revisions, timeZone),
  };
}
