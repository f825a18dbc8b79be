import { redirect } from "react-router";
import type { Db } from "~/db/database.server";
import { findRedirect, redirectIfMoved } from "~/features/redirects/redirects.server";
import { DEFAULT_LANGUAGE, localePath, type Language } from "~/lib/i18n/languages";
import { sameOriginPath } from "~/lib/same-origin";

// Each page has one address per language (ADR 0030): under a prefix, a thing reached by its English slug while it
// has a translated one, or by another language's slug, answers 301 to this language's address, as a renamed
// thing's old address does (ADR 0014).

function permanentRedirect(request: Request, path: string): never | void {
  const url = new URL(request.url);
  // Through URL: a translated slug's letters are percent-encoded for the Location header.
  const target = sameOriginPath(path + url.search, url.origin);
  if (target) throw redirect(target, 301);
}

/**
 * Throws a 301 to `canonical` (the page's path in `lang`, without the prefix) when the page was reached by another
 * path (`requested`, built from the route's decoded params). English pages are left as they are.
 */
export function redirectToCanonical(request: Request, lang: Language, requested: string, canonical: string): void {
  if (lang === DEFAULT_LANGUAGE || requested === canonical) return;
  permanentRedirect(request, localePath(lang, canonical));
}

/**
 * A not-found page's last look: the path's new place if it moved in this language (recorded with its prefix), else
 * where its English path moved, in this language.
 */
export async function redirectIfMovedIn(db: Db, request: Request, lang: Language, path: string): Promise<void> {
  await redirectIfMoved(db, request, localePath(lang, path));
  if (lang === DEFAULT_LANGUAGE) return;
  const moved = await findRedirect(db, path);
  if (moved) permanentRedirect(request, localePath(lang, moved));
}
