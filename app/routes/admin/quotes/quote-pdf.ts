import { data } from "react-router";
import { quotePdfResponse } from "~/features/quotes/quote-pdf-response.server";
import { findQuote } from "~/features/quotes/quote-reads.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/quote-pdf";

/** Any revision's PDF for the desk (below the admin guard): a draft's preview carries today's date. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, config, now } = getServices(context);
  const found = await findQuote(db, params.quoteId);
  if (!found) throw data("Quote not found", { status: 404 });
  return quotePdfResponse({ db, storage, config }, found.quote, found.lines, now());
}
