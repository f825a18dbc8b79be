import type { Context } from "hono";

/**
 * Sets headers on the response a handler has already returned. Hono's `c.header()` copies a finished response for
 * every call, and each copy turns a fixed body into a stream that @hono/node-server then sends on its slow path (a
 * timer per response); changing the headers in place keeps the fast path. Headers of a few responses are
 * immutable (`Response.redirect()`, `Response.error()`): those are copied once.
 */
export function setResponseHeaders(c: Context, headers: Record<string, string>) {
  try {
    for (const name in headers) c.res.headers.set(name, headers[name]);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const name in headers) c.res.headers.set(name, headers[name]);
  }
}

/** Adds `Accept-Encoding` to Vary, for a response whose bytes depend on it. */
export function varyOnAcceptEncoding(c: Context) {
  const vary = c.res.headers.get("Vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  setResponseHeaders(c, { Vary: vary ? `${vary}, Accept-Encoding` : "Accept-Encoding" });
}
