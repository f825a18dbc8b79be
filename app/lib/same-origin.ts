/** Longest path (with its query) a redirect may name; a longer one is refused rather than cut into another path. */
export const SAME_ORIGIN_PATH_MAX = 2000;

const PLACEHOLDER_ORIGIN = "http://same-origin.invalid";

/**
 * The one check for a path that came from a visitor (a form's returnTo, a redirectTo, a Referer, the request's own
 * URL) before it becomes a Location or is stored: resolved against the site's origin the way a browser would, it
 * must stay on that origin, and its normalised path must not start with '//' or '/\', which a browser reads as
 * another host ('/.//evil', '/%2e//evil', '/a/..//evil' all normalise to '//evil'). Returns the normalised path
 * with its query (no fragment), or null.
 */
export function sameOriginPath(raw: unknown, origin: string = PLACEHOLDER_ORIGIN): string | null {
  if (typeof raw !== "string") return null;
  const given = raw.trim();
  if (!given || given.length > SAME_ORIGIN_PATH_MAX) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(given, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = url.pathname + url.search;
  if (!path.startsWith("/") || /^\/[/\\]/.test(path) || path.length > SAME_ORIGIN_PATH_MAX) return null;
  return path;
}
