import fresh from "fresh";
import type { Context } from "hono";

export interface Validators {
  etag: string;
  lastModified: string;
}

/** True when the client's copy is current (If-None-Match, else If-Modified-Since): answer 304 without the body. */
export function isNotModified(c: Context, { etag, lastModified }: Validators): boolean {
  return fresh(
    {
      "if-none-match": c.req.header("If-None-Match"),
      "if-modified-since": c.req.header("If-Modified-Since"),
      "cache-control": c.req.header("Cache-Control"),
    },
    { etag, "last-modified": lastModified },
  );
}

/**
 * A Range applies only when If-Range, if sent, still names this version (RFC 9110 §13.1.5): a client resuming a
 * download of a file that has since changed gets the whole new file instead of a piece of it stitched to the old.
 */
export function rangeStillApplies(c: Context, { etag, lastModified }: Validators): boolean {
  const ifRange = c.req.header("If-Range");
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === etag;
  return Date.parse(ifRange) === Date.parse(lastModified);
}
