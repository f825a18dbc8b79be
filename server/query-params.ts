import { LANGUAGE_PREFIX_PATTERN } from "../app/lib/i18n/languages";
import { sameOriginPath } from "../app/lib/same-origin";

/** A public page's path in any language: English's as it is, another's under its prefix (`/ar/contact-us`). */
const page = (rest: string) => new RegExp(`^(?:/(?:${LANGUAGE_PREFIX_PATTERN}))?${rest}$`);

/**
 * The query parameters each public page reads (ADR 0018, "Later"). A page has one address per value of those: any other
 * parameter (`?v=1`, `?utm_source=…`, a 15 KB `?q=`), a repeated one, or another order answers 301 to that one
 * address. So strangers cannot make the page cache keep a copy per made-up query string, and a page never echoes
 * a parameter it does not read (the 'Add to Quote' forms send the page's own address back as `returnTo`).
 * A new loader that reads a parameter adds it here; tests/integration/page-cache-abuse.test.ts checks them.
 */
const PARAMS_READ: readonly [RegExp, readonly string[]][] = [
  // A category's pages: its filters and sort (app/features/catalogue/category-filters.server.ts, which writes its
  // links in this order), `?page=N` (app/lib/web/pagination.server.ts); a draft's signed preview link, never cached.
  // A filter value no public product holds is answered 404, so the cache keeps only combinations that exist.
  [page("/products/[^/]+"), ["size", "packaging", "origin", "month", "cert", "sort", "page", "preview"]],
  // A draft product's signed preview link (app/features/publishing/preview.server.ts): never cached.
  [page("/products/[^/]+/[^/]+"), ["preview"]],
  // A product's inquiry link fills the subject (app/routes/site/contact.tsx).
  [page("/contact-us"), ["product_name"]],
  // 'Request a Sample' names the product the form starts with (app/routes/site/request-sample.tsx).
  [page("/request-sample"), ["product"]],
  // React Router's route discovery, in the order its client sends them.
  [/^\/__manifest$/, ["paths", "version"]],
];

/** React Router's data requests (`/page.data`, `/_root.data` for the home page) name the routes to load. */
const DATA_SUFFIX = /\.data$/;
const ROUTES_PARAM = "_routes";

/**
 * The parameters `rulePath` (the path lowercased, as the server's path rules compare it) reads, in order, with
 * the first value given for each in `search` (with its "?").
 */
function paramsRead(rulePath: string, search: string): [string, string][] {
  const isData = DATA_SUFFIX.test(rulePath);
  const pagePath = isData ? rulePath.replace(DATA_SUFFIX, "").replace(/^\/_root$/, "/") : rulePath;
  const names = PARAMS_READ.find(([pattern]) => pattern.test(pagePath))?.[1] ?? [];
  const given = new URLSearchParams(search);
  return (isData ? [...names, ROUTES_PARAM] : names).flatMap((name) => {
    const value = given.get(name);
    return value === null ? [] : [[name, value] as [string, string]];
  });
}

/**
 * The address to send a GET for `pathAndQuery` to when its query string is not the page's own (301), or null.
 * Only what the parameters say counts, not how they are encoded (`%20` or `+`): a link is not sent round again
 * for its spelling. Most requests have no "?" and cost one `indexOf`.
 */
export function cleanAddress(pathAndQuery: string, rulePath: string): string | null {
  const mark = pathAndQuery.indexOf("?");
  if (mark < 0) return null;
  const search = pathAndQuery.slice(mark);
  const kept = paramsRead(rulePath, search);
  const given = [...new URLSearchParams(search)];
  const same =
    search.length > 1 &&
    given.length === kept.length &&
    given.every(([name, value], i) => name === kept[i][0] && value === kept[i][1]);
  if (same) return null;
  // A path a browser would read as another host ('//evil.example/…') is no page here: left to the 404, never a Location.
  return sameOriginPath(pathAndQuery.slice(0, mark) + (kept.length ? `?${new URLSearchParams(kept).toString()}` : ""));
}
