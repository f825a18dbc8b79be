import type { MiddlewareHandler } from "hono";
import { contentSecurityPolicy } from "../app/lib/csp.server";

/** Sets the security headers every answer carries on `headers`, in place. */
export type SecureHeaders = (headers: Headers) => void;

/**
 * The same security headers on every answer: pages, files, redirects, refusals and cache hits alike. A page brings
 * its own Content-Security-Policy (the hashes of its inline scripts, ADR 0018); everything else runs no inline
 * script. HSTS only when the site is served over https (PUBLIC_URL).
 */
export function secureHeaders(options: { development: boolean; publicUrl: string | undefined }): SecureHeaders {
  const always: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(options.publicUrl?.startsWith("https:") ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
  const policy = options.development ? null : contentSecurityPolicy();
  return (headers) => {
    for (const name in always) headers.set(name, always[name]);
    if (policy && !headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", policy);
  };
}

/**
 * The middleware that puts them on whatever the app answers, registered first so that it sees every answer on its
 * way out. In place, as `setResponseHeaders` does (a copy would send the body down the slow streaming path); the
 * headers of a few responses are immutable (`Response.redirect()`): those are copied once.
 */
export function secureHeadersMiddleware(secure: SecureHeaders): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      secure(c.res.headers);
    } catch {
      c.res = new Response(c.res.body, c.res);
      secure(c.res.headers);
    }
  };
}
