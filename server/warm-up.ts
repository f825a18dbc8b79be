import type { Db } from "../app/db/database.server";
import { listProductPaths } from "../app/features/catalogue/products.server";
import { enabledLanguages } from "../app/features/i18n/enabled-languages.server";
import { log } from "../app/lib/log.server";

/** Marks the warm-up's own requests: a robot's name (isbot), so no demand is counted for them. */
export const WARM_UP_AGENT = "agro-export-warm-up/1.0 (start-up bot)";

/**
 * The pages a starting instance renders in-process before it listens (issue 38): the first render of each kind of
 * page loads and compiles its code, which on a busy host took 7 s, long enough for a rolling upgrade to stop the
 * other instance while nginx still waited on this one. Each kind once: home, catalogue, a category, a product, the
 * blog and the forms, and the home and product page in every other enabled language (they also fill the page cache).
 */
export async function warmUpPaths(db: Db): Promise<string[]> {
  const [product] = await listProductPaths(db, 1);
  const productPaths = product
    ? [`/products/${product.category_slug}`, `/products/${product.category_slug}/${product.slug}`]
    : [];
  const languages = (await enabledLanguages(db)).map(String).filter((lang) => lang !== "en");
  return [
    "/",
    "/our-products",
    ...productPaths,
    "/about-us",
    "/blog",
    "/contact-us",
    "/request-quote",
    ...languages.flatMap((lang) => [`/${lang}`, ...productPaths.slice(1).map((p) => `/${lang}${p}`)]),
  ];
}

/**
 * Renders `paths` through the app (no socket, no metrics), one after another. A page that fails is logged and
 * skipped: a warm-up never keeps an instance from starting. Resolves with how many pages answered and how long it took.
 */
export async function warmUp(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  origin: string,
  paths: string[],
) {
  const started = performance.now();
  let answered = 0;
  for (const path of paths) {
    try {
      const response = await app.fetch(
        new Request(`${origin}${path}`, { headers: { "User-Agent": WARM_UP_AGENT, Accept: "text/html" } }),
      );
      await response.arrayBuffer();
      if (response.status < 500) answered++;
      else log.warn(`[server] warm-up: ${path} answered ${response.status}`);
    } catch (error) {
      log.warn(`[server] warm-up: ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { answered, ms: Math.round(performance.now() - started) };
}
