// What the server checks of a request before anything reads its body (ADR 0012, ADR 0047): the form types it
// accepts, how large a body may be and for whom, the answers that refuse one unread, and where it came from.
import type { Context } from "hono";
import type { AppConfig } from "../app/config.server";
import { MAX_CSV_BYTES } from "../app/features/catalogue/csv/limits";
import { MAX_TRANSLATION_FILE_BYTES } from "../app/features/translations/exchange/limits";

/** Content types a form may be sent as; any other body on a state-changing request is a bad request. */
export const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

// Public and sign-in forms are a few kilobytes: the contact form's 5,000-character message, percent-encoded in
// a non-Latin script, stays well under this.
export const SMALL_FORM_MAX_BYTES = 128 * 1024;

/**
 * The largest body a back-office form (its `rulePath`) may carry when a live administrator sends it; decided before
 * anything is read. Everyone else gets the public forms' limit (ADR 0047).
 */
export function adminBodyLimitFor(pathname: string, config: AppConfig): number {
  // The ZIP of photos is streamed to disk as it arrives (ADR 0042); before the CSV's prefix, which it shares.
  if (pathname === "/admin/manage-products/import-photos" || pathname === "/admin/manage-products/import-photos.data")
    return config.zipMaxBytes + 1024 * 1024;
  if (pathname.startsWith("/admin/manage-products/import")) return MAX_CSV_BYTES + 1024 * 1024;
  // The preview's file, or the same file sent back by its Import button (multipart, so never percent-encoded).
  if (pathname.startsWith("/admin/translations/import")) return MAX_TRANSLATION_FILE_BYTES + 1024 * 1024;
  return config.adminRequestMaxBytes;
}

const MB = 1024 * 1024;
const formatLimit = (bytes: number) => (bytes < MB ? `${Math.round(bytes / 1024)} KB` : `${Math.floor(bytes / MB)} MB`);

/** The request with its headers but none of its body, which stays unread. */
export function withoutBody(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/** So that a client still sending a body it was refused is cut off instead of being read to the end. */
export function withConnectionClose(response: Response): Response {
  response.headers.set("Connection", "close");
  response.headers.set("Cache-Control", "no-store");
  return response;
}

export function payloadTooLarge(limit: number) {
  const message = `The request is too large: this form accepts at most ${formatLimit(limit)}. Go back and send less (smaller or fewer files).`;
  // Connection: close, so a client still sending a huge body is cut off instead of being read to the end.
  return new Response(`<!doctype html><meta charset="utf-8"><title>Request too large</title><p>${message}</p>`, {
    status: 413,
    headers: { "Content-Type": "text/html; charset=utf-8", Connection: "close", "Cache-Control": "no-store" },
  });
}

/**
 * A state-changing request is refused when the browser says it came from another site: an Origin header
 * that is not ours, or Sec-Fetch-Site of cross-site / same-site. Clients that send neither (curl, scripts)
 * carry no ambient browser cookies, so they are not a CSRF vector.
 */
export function isCrossOrigin(c: Context, publicUrl: string | undefined): boolean {
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = c.req.header("origin");
  if (!origin) return false;
  const allowed = new Set([new URL(c.req.url).origin]);
  if (publicUrl) allowed.add(publicUrl);
  const host = c.req.header("host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return !allowed.has(origin);
}
