import { acceptsEncoding } from "~/lib/web/accept-encoding";
import type { CachedPage, Encoding } from "./entry.server";

/** The request headers a cached answer depends on. */
export interface RequestFacts {
  method: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/**
 * What a cached page answers one visitor: status, headers as a plain object and as a flat name/value list (for Node's
 * `writeHead`), and the bytes (none for 304 and HEAD).
 */
interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  rawHeaders: string[];
  body: Uint8Array<ArrayBuffer> | null;
}

/** The answer to one visitor from a cached page: the smallest variant they take, or 304 when theirs is current. */
export function cachedAnswer(entry: CachedPage, request: RequestFacts): CachedAnswer {
  const encoding = preferredEncoding(request.acceptEncoding ?? "");
  const variant = (encoding && entry[encoding]) || entry.identity;
  const { ifNoneMatch } = request;
  if (ifNoneMatch && matchesAny(ifNoneMatch, entry))
    return { status: 304, headers: variant.notModifiedHeaders, rawHeaders: variant.notModifiedRawHeaders, body: null };
  return {
    status: entry.status,
    headers: variant.headers,
    rawHeaders: variant.rawHeaders,
    body: request.method === "HEAD" ? null : variant.body,
  };
}

/** Accept-Encoding values seen, with the coding each takes: a handful of distinct values make up nearly all traffic. */
const encodingByAccept = new Map<string, Encoding | null>();
const MAX_ACCEPT_VALUES = 256;

function preferredEncoding(acceptEncoding: string): Encoding | null {
  let encoding = encodingByAccept.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = acceptsEncoding(acceptEncoding, "br") ? "br" : acceptsEncoding(acceptEncoding, "gzip") ? "gzip" : null;
    if (encodingByAccept.size >= MAX_ACCEPT_VALUES) encodingByAccept.clear();
    encodingByAccept.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** The same answer as a web Response, for the Hono middleware. */
export function answerFromCache(entry: CachedPage, request: RequestFacts): Response {
  const { status, headers, body } = cachedAnswer(entry, request);
  // A copy without Content-Length: @hono/node-server adds its own for a body.
  const { "content-length": _length, ...rest } = headers;
  return new Response(body, { status, headers: body ? rest : headers });
}

/** Any of the page's variants counts: they are the same page, and the answer names the variant sent now. */
function matchesAny(ifNoneMatch: string, entry: CachedPage): boolean {
  const tags = new Set([entry.identity.etag, entry.br?.etag, entry.gzip?.etag]);
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tags.has(tag));
}
