import { siteOrigin, type AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { deliverMessage, type OutboxMessage } from "~/features/outbox/outbox.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { siteToday } from "~/lib/site-time";
import type { Storage } from "~/lib/storage/storage.server";
import { emailQuote } from "./quote-email.server";
import { makeQuotePdf } from "./quote-pdf.server";
import { findQuote } from "./quote-reads.server";

/** What sending a quote's email needs. */
export interface QuoteServices {
  db: Db;
  config: AppConfig;
  storage: Storage;
}

/** The outbox's `about` of a quote's email. */
export const quoteMailAbout = (quoteId: string) => `quote:${quoteId}`;

/**
 * Sends a quote's email from the outbox: made when it goes (a sent revision is frozen, so it says what was sent),
 * its PDF attached. Throws when the mail server refuses it; false when mail is off.
 */
export const sendQuoteMessage =
  (services: QuoteServices) =>
  async (message: OutboxMessage): Promise<boolean> => {
    const found = await findQuote(services.db, message.about.replace(/^quote:/, ""));
    if (!found?.quote.token) throw new Error("the quote no longer exists or was never sent");
    const { quote, lines } = found;
    // The day it was sent in the site's time zone, as its validity is counted.
    const issuedDay = siteToday(Date.parse(quote.sent_at ?? new Date().toISOString()), await siteTimeZone(services.db));
    const pdf = await makeQuotePdf(services, quote, lines, issuedDay);
    const link = `${siteOrigin(services.config)}/quotes/${quote.token}`;
    return emailQuote(services.config, { ...quote, buyer_email: message.recipient }, lines, {
      link,
      issuedDay,
      pdf: pdf.bytes,
    });
  };

/** The first try of a quote's email, right after the commit that wrote it; later tries are the outbox timer's. */
export async function deliverQuoteMail(services: QuoteServices, outboxId: string, clock: () => number = Date.now) {
  const outcome = await deliverMessage(services.db, outboxId, sendQuoteMessage(services), clock);
  return { emailed: outcome.sent, emailError: outcome.error };
}
