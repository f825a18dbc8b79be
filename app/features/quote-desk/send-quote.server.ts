import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";

/** What sending a quote revision came to: sent (and emailed, when mail is on), or refused with the reason. */
export type SendQuoteOutcome =
  { ok: true; number: string; revision: number; link: string; emailed: boolean } | (Refusal & { status: number });

/**
 * Sends a draft revision to its buyer (issue 28): freezes it, gives it its link `/quotes/{token}`, emails the PDF
 * and the link, supersedes the revision sent before it, records the last-quoted prices, moves the inquiry to
 * Quoted, marks the first reply and logs it. `origin` makes the link absolute; `now` is the services' clock.
 *
 * The base's placeholder: the sending helper builds it (ADR 0039).
 */
export async function sendQuote(
  _db: Db,
  _config: AppConfig,
  _actor: Actor,
  _quoteId: string,
  _options: { origin: string; now: number },
): Promise<SendQuoteOutcome> {
  return { ok: false, status: 501, title: "Quote Not Sent", message: "Sending quotes is not built yet." };
}
