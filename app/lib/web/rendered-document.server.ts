/**
 * The page the entry rendered, kept beside its Response by the load context React Router was given, so that the HTTP
 * shell can send the text itself (ADR 0028). React Router reads a Response's `body` on its way out (`isResponse`),
 * which makes @hono/node-server's light Response a web stream that is then read back chunk by chunk: about a
 * twentieth of an uncached page's CPU. A Response made anew from the text is written to the socket at once.
 */
const rendered = new WeakMap<object, { response: Response; html: string }>();

/** Called by the entry with the Response it made from `html`. */
export function rememberDocument(loadContext: object, response: Response, html: string) {
  rendered.set(loadContext, { response, html });
}

/**
 * The same answer with the rendered text as its body, when `response` is the one the entry made for this context
 * (same status, same headers); any other response (a redirect, a data request, a resource route) as it is.
 */
export function withRenderedText(loadContext: object, response: Response): Response {
  const document = rendered.get(loadContext);
  if (!document || document.response !== response || response.bodyUsed) return response;
  return new Response(document.html, { status: response.status, headers: response.headers });
}
