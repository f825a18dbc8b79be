/**
 * A route's `headers` for a form that can be refused with 429 (sign-in, contact, quote request): a document POST
 * so answered carries the action's Retry-After, telling the client when to try again; every answer the loader's
 * headers (a page's own `Referrer-Policy: no-referrer` included).
 */
export function retryAfterHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}) {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** "1 minute", "15 minutes": a Retry-After in seconds as a refusal's message says it. */
export function minutesToWait(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
