import { data } from "react-router";
import { findQuoteByToken } from "~/features/quotes/buyer-response.server";
import { quotePdfResponse } from "~/features/quotes/quote-pdf-response.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/quote-pdf";

/** A sent quote's PDF for whoever holds its link: the revision as it was sent. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, config, now } = getServices(context);
  const found = await findQuoteByToken(db, params.token);
  if (!found) throw data("This quote link is not valid.", { status: 404, headers: { "Cache-Control": "no-store" } });
  return quotePdfResponse({ db, storage, config }, found.quote, found.lines, now());
}
