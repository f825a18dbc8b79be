import { SESSION_COOKIE } from "~/features/auth/session.server";
import { SITE_FLASH_COOKIE } from "~/lib/web/flash.server";
import { LANGUAGE_PREFIX_PATTERN } from "~/lib/i18n/languages";
import { isAdminPath, rulePath, SAFE_METHODS } from "~/lib/web/request-kind";

// What the page cache may keep and what makes it stale (ADR 0018), in one place: the methods, paths and cookies of
// the requests it answers, the responses it stores, and the requests that change public content.

/** Only reads are answered from the cache; a HEAD is answered from a stored GET but never fills the cache. */
export const isCachedMethod = (method: string) => method === "GET" || method === "HEAD";

/**
 * Never through the page cache: health checks, files with caches of their own, and each visitor's quote list in
 * every language (`/request-quote`, `/ar/request-quote`…: one visitor's list must never be served to another), and
 * a buyer's quote and order (`/quotes/{token}`, `/orders/{token}`: they change as the deal goes, and are theirs
 * alone), and the site's search in
 * every language (`/search`, `/ar/search`: one copy per query would let strangers fill the cache, and each search is
 * counted against its address, issue 43), and the comparison in every language (`/compare?products=…`: any
 * four of the catalogue's ids in any order would each be a copy, issue 43), and the buyer's own page and its
 * sign-in link in every language (`/account…`: a signed-in buyer's, issue 45), and a lot's bare address only
 * (`/lots/{code}`, issue 45): it answers by the browser's Accept-Language, English to one scanner and a redirect to
 * `/ar/lots/{code}` to another, so no one stored copy may answer both; its language copies are cached as any page.
 */
const UNCACHED_PATHS = new RegExp(
  "^/(?:healthz$|metrics$|assets/|media/|images/|favicon\\.(?:svg|ico)$|apple-touch-icon\\.png$|icon-192\\.png$|" +
    `logo-512\\.png$|site\\.webmanifest$|quotes/|orders/|lots/|(?:(?:${LANGUAGE_PREFIX_PATTERN})/)?(?:request-quote|search|compare|account)(?:[/.]|$))`,
);

/** Whether requests for this path (its `rulePath`) bypass the cache: the back office and `UNCACHED_PATHS`. */
export const isUncachedPath = (path: string) => isAdminPath(path) || UNCACHED_PATHS.test(path);

/**
 * Cookies that make a visitor's public pages their own: the session and a toast waiting to be shown. Such pages are
 * rendered for them, never answered from or stored in the page cache. The quote list is not one of them: pages do
 * not depend on it (the header's count is read from the cookie in the browser, ADR 0025), and only the
 * uncached `/request-quote…` pages read it on the server.
 */
const PERSONAL_COOKIES = [SESSION_COOKIE, SITE_FLASH_COOKIE];
const PERSONAL = new RegExp(`(?:^|;\\s*)(?:${PERSONAL_COOKIES.join("|")})=`);

/**
 * The key under which a request's page is cached (its path and query), or undefined when the cache must not
 * answer it: not GET or HEAD, a path the cache never keeps, or a visitor with a session.
 */
export function cacheKeyOf(method: string, pathAndQuery: string, cookie: string | undefined): string | undefined {
  if (!isCachedMethod(method)) return undefined;
  if (isUncachedPath(rulePath(pathAndQuery.split("?", 1)[0]))) return undefined;
  if (isPersonal(cookie)) return undefined;
  return pathAndQuery;
}

/** Whether a request's cookies make its public pages the visitor's own (`PERSONAL_COOKIES`). */
export const isPersonal = (cookie: string | undefined) => cookie !== undefined && PERSONAL.test(cookie);

const CACHEABLE_TYPES =
  /^(?:text\/html|text\/x-script|application\/xml|application\/rss\+xml|text\/plain|application\/pdf)\b/i;

/** `Cache-Control` of an answer no cache may keep: a page for one person, or one showing a load failure. */
const UNSHAREABLE = /\b(?:private|no-store)\b/i;

/** A 200 that sets no cookie, is not private, and is a page, a page's data, the sitemap, robots.txt or a PDF. */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  if (UNSHAREABLE.test(response.headers.get("Cache-Control") ?? "")) return false;
  const vary = response.headers.get("Vary");
  if (vary && vary.split(",").some((name) => name.trim().toLowerCase() !== "accept-encoding")) return false;
  return CACHEABLE_TYPES.test(response.headers.get("Content-Type") ?? "");
}

/**
 * A rendering that failed rather than answered: a 5xx, or `no-store`, which a page showing a fallback for data that
 * failed to load says (`markIncomplete`). A stale copy outlives it; any other answer (a 404, a 301) replaces it.
 */
export const isFailedRendering = (response: Response) =>
  response.status >= 500 || /\bno-store\b/i.test(response.headers.get("Cache-Control") ?? "");

/** Back-office requests that change no public content: signing in, out, and creating the first administrator. */
const SESSION_PATHS = /^\/admin\/(?:login|logout|setup)(?:\.data)?$/;

/**
 * Whether a request to this path (its `rulePath`) makes every cached page stale: whatever an administrator sends may
 * change what the public pages show (signing in and out do not).
 */
export const changesPublicContent = (method: string, path: string) =>
  !SAFE_METHODS.has(method) && isAdminPath(path) && !SESSION_PATHS.test(path);
