/**
 * What every answer of a buyer's order link carries (issue 44), as the quote page's do: never cached, never
 * indexed, and the link is not passed on to other sites (no Referer).
 */
export const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};
