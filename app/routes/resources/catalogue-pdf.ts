import { cataloguePdfOnce } from "~/features/spec-sheets/catalogue-pdf.server";
import { bareAddressRedirect, pdfResponse } from "~/features/spec-sheets/pdf-response.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/catalogue-pdf";

/** `/catalogue.pdf`: cover, contents and a page per product. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const bare = bareAddressRedirect(request);
  if (bare) return bare;
  const services = getServices(context);
  const now = new Date(services.now());
  return pdfResponse(await cataloguePdfOnce(services, now), "catalogue.pdf", now);
}
