/**
 * What every answer behind a buyer's unguessable link carries (a quote, an order, their PDFs and documents), and the
 * desk's downloads of them: kept by no cache, never indexed, and the link is not passed on to other sites.
 */
export const PRIVATE_LINK_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** A link's token as the desk makes them (24 random bytes, base64url): anything else is looked up nowhere. */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{32}$/.test(token);
