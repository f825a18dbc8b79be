import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AnsweredDemand } from "~/features/demand/demand-tally.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller bodies are sent as they are: compressing them saves less than the header costs. */
const COMPRESS_FROM_BYTES = 1024;
/** Already compressed inside (pdfkit deflates its streams): brotli would save 2 % for a tenth of a second. */
const PRECOMPRESSED_TYPES = /^application\/pdf\b/i;
/**
 * What V8 spends on each variant beyond its bytes (the objects, the typed array, two header objects, the map's
 * slot), measured as 1.3 KB with `node --expose-gc` over 20,000 entries and rounded up: a budget of small pages
 * counted by their bodies alone held three times its size.
 */
const VARIANT_OVERHEAD_BYTES = 1536;

export type Encoding = "br" | "gzip";

export interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The headers of a 200 with this variant, built once: a hit only writes them. */
  headers: Record<string, string>;
  /** The headers of a 304 for it. */
  notModifiedHeaders: Record<string, string>;
  /**
   * The same two sets as flat name/value lists, as Node's `writeHead` takes them: a hit answered from Node's own
   * request hands them over without Node copying an object into its own header map first (issue 25).
   */
  rawHeaders: string[];
  notModifiedRawHeaders: string[];
}

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();

/** A stored page: its bytes as they are and, when worth it, brotli and gzip copies, each with its strong ETag. */
export interface CachedPage {
  status: number;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** What it takes in memory: bodies, headers, key and bookkeeping (`VARIANT_OVERHEAD_BYTES`). */
  bytes: number;
  /** The content it shows (`pageTag`, ADR 0027); empty when it declared nothing (then any change makes it stale). */
  shows: ReadonlySet<string>;
  /** What each answer of it counts as for demand (a product's page or spec sheet, ADR 0040): a hit counts it. */
  demand?: AnsweredDemand;
  /** Wall-clock time (ms) from which it is stale, from the response's `Expires` (a PDF's prices end at midnight). */
  expiresAt?: number;
}

/** The page to store for a rendered response: its headers prepared once for every answer, its bytes compressed. */
export async function toEntry(
  status: number,
  responseHeaders: Headers,
  body: Uint8Array<ArrayBuffer>,
  shows: ReadonlySet<string> = new Set(),
  demand?: AnsweredDemand,
): Promise<CachedPage> {
  const tag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const headers: Record<string, string> = {};
  for (const [name, value] of responseHeaders) {
    if (name === "content-length" || name === "content-encoding" || name === "etag" || name === "vary") continue;
    headers[name] = value;
  }
  headers.vary = "Accept-Encoding";
  const variant = (body: Uint8Array<ArrayBuffer>, etag: string, encoding?: Encoding): Variant => {
    const ok = {
      ...headers,
      etag,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": String(body.byteLength),
    };
    const notModified = { ...headers, etag };
    return {
      body,
      etag,
      headers: ok,
      notModifiedHeaders: notModified,
      rawHeaders: flat(ok),
      notModifiedRawHeaders: flat(notModified),
    };
  };
  const expires = Date.parse(responseHeaders.get("Expires") ?? "");
  const entry: CachedPage = {
    status,
    identity: variant(body, `"${tag}"`),
    bytes: 0,
    shows,
    demand,
    expiresAt: Number.isNaN(expires) ? undefined : expires,
  };
  if (body.byteLength >= COMPRESS_FROM_BYTES && !PRECOMPRESSED_TYPES.test(headers["content-type"] ?? "")) {
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    entry.br = variant(new Uint8Array(br), `"${tag}-br"`, "br");
    entry.gzip = variant(new Uint8Array(gz), `"${tag}-gz"`, "gzip");
  }
  // The variants' header objects share their strings: counted once.
  const headerBytes = Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  const variants = [entry.identity, entry.br, entry.gzip].filter((variant) => variant !== undefined);
  entry.bytes =
    variants.reduce((sum, variant) => sum + variant.body.byteLength + VARIANT_OVERHEAD_BYTES, 0) + headerBytes;
  return entry;
}
