import { redirect } from "react-router";
import { findRedirect, productPath } from "~/features/redirects/redirects.server";
import { makeSpecSheet } from "~/features/spec-sheets/spec-sheet.server";
import { pdfResponse, redirectToBarePath } from "~/features/spec-sheets/pdf-response.server";
import { notFoundPage } from "~/lib/not-found-page";
import { getServices } from "~/services.server";
import type { Route } from "./+types/spec-sheet";

/** `/products/{category}/{product}/spec-sheet.pdf`: the product's spec sheet, made from its current data. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  redirectToBarePath(request);
  const services = getServices(context);
  const bytes = await makeSpecSheet(services, params.categorySlug, params.productSlug);
  if (!bytes) {
    // A renamed or moved product's old address leads to its sheet at the new one, as its page does.
    const moved = await findRedirect(services.db, productPath(params.categorySlug, params.productSlug));
    if (moved) throw redirect(`${moved}/spec-sheet.pdf`, 301);
    throw notFoundPage();
  }
  return pdfResponse(bytes, `${params.productSlug}-spec-sheet.pdf`);
}
