import { cataloguePdfOnce } from "~/features/spec-sheets/catalogue-pdf.server";
import { bareAddressRedirect, pdfResponse } from "~/features/spec-sheets/pdf-response.server";
import { isLanguageEnabled } from "~/features/i18n/enabled-languages.server";
import { languageOfPath } from "~/lib/i18n/languages";
import { getServices } from "~/services.server";
import type { Route } from "./+types/catalogue-pdf";

/** `/catalogue.pdf` (and `/ar/catalogue.pdf`, …, in an enabled language): cover, contents and a page per product. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  if (!(await isLanguageEnabled(services.db, lang))) throw new Response("Not Found", { status: 404 });
  const bare = bareAddressRedirect(request);
  if (bare) return bare;
  const now = new Date(services.now());
  return pdfResponse(
    await cataloguePdfOnce(services, now, lang),
    { name: "catalogue.pdf", fallback: "catalogue.pdf" },
    now,
  );
}
