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
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(options.publicUrl?.startsWith("https:") ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
  const policy = options.development ? null : contentSecurityPolicy();
  return (headers) => {
    for (const name in always) headers.set(name, always[name]);
    headers.set("Referrer-Policy", stricterReferrerPolicy(headers.get("Referrer-Policy")));
    if (policy && !headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", policy);
  };
}

/** Referrer policies from the one that sends the least to the one that sends the most. */
const REFERRER_POLICIES = [
  "no-referrer",
  "same-origin",
  "strict-origin",
  "strict-origin-when-cross-origin",
  "origin",
  "origin-when-cross-origin",
  "no-referrer-when-downgrade",
  "unsafe-url",
];
const DEFAULT_REFERRER_POLICY = REFERRER_POLICIES.indexOf("strict-origin-when-cross-origin");

/**
 * The site's default Referrer-Policy, unless the answer asks for a stricter one: a page whose address carries a
 * secret (setup, invitation, reset, the buyer's quote) says `no-referrer`, and the default must not undo that.
 */
function stricterReferrerPolicy(own: string | null): string {
  // Of a list, the browser applies the last policy it knows.
  const asked = own
    ?.split(",")
    .map((policy) => REFERRER_POLICIES.indexOf(policy.trim().toLowerCase()))
    .filter((rank) => rank !== -1)
    .at(-1);
  return REFERRER_POLICIES[asked !== undefined && asked < DEFAULT_REFERRER_POLICY ? asked : DEFAULT_REFERRER_POLICY];
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
