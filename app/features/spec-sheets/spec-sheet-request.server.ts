import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import { findRedirect } from "~/features/redirects/redirects.server";
import { productPath } from "~/lib/web/public-paths";
import { bareAddressRedirect, movedTo, pdfResponse } from "./pdf-response.server";
import { makeSpecSheet } from "./spec-sheet.server";
import type { PageTag } from "~/lib/web/page-tags";
import { languageOfPath, localePath } from "~/lib/i18n/languages";
import { isLanguageEnabled } from "~/features/i18n/enabled-languages.server";

/**
 * The answer to `GET /products/{category}/{product}/spec-sheet.pdf` and `/{lang}/products/…` (the sheet in that
 * language, with its translated slugs or the English ones): the sheet, a 301 (a query string; an old address of a
 * renamed or moved product, to its sheet at the new one, as its page does), or null when there is no such product
 * or the language is not enabled (the server then shows the site's 404 page).
 */
export async function answerSpecSheet(
  services: {
    db: Db;
    storage: Storage;
    config: Pick<AppConfig, "publicUrl" | "port">;
    now: () => number;
    /** Where the sheet declares what it shows (`AppServices.shows`). */
    shows: (...tags: PageTag[]) => void;
    /** Where it says it is a download of its product, counted as demand (`AppServices.answersDemand`). */
    answersDemand?: (event: "download", productId: string) => void;
  },
  request: Request,
  categorySlug: string,
  productSlug: string,
): Promise<Response | null> {
  const lang = languageOfPath(new URL(request.url).pathname);
  if (!(await isLanguageEnabled(services.db, lang))) return null;
  const bare = bareAddressRedirect(request);
  if (bare) return bare;
  const now = new Date(services.now());
  const sheet = await makeSpecSheet(services, categorySlug, productSlug, now, lang);
  // Saved under the product's slug in the page's language, its English slug for clients without RFC 6266.
  if (sheet)
    return pdfResponse(
      sheet,
      { name: `${productSlug}-spec-sheet.pdf`, fallback: `${sheet.englishSlug}-spec-sheet.pdf` },
      now,
    );
  const moved = await findRedirect(services.db, productPath(categorySlug, productSlug));
  return moved ? movedTo(`${localePath(lang, moved)}/spec-sheet.pdf`) : null;
}
