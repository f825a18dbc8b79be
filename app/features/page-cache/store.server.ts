import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { log } from "~/lib/log.server";
import { nextUtcMidnight } from "~/lib/time";
import { acceptsEncoding } from "~/lib/accept-encoding";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** How long a page may be served without asking the database whether content changed: half the promise of 1 s. */
const CHECK_AFTER_MS = 500;
/** Past this, the next visitor waits for the answer: no page is ever served more than this after a change... */
const MUST_CHECK_AFTER_MS = 1000;
/**
 * ...unless the database takes longer than this to answer: then the cached copy is served while the check goes on
 * (a stalled database must not hang cached pages; a page rendered instead would wait for the same database).
 */
const LATE_CHECK_MS = 250;
/** Smaller bodies are sent as they are: compressing them saves less than the header costs. */
const COMPRESS_FROM_BYTES = 1024;
/**
 * What V8 spends on each variant beyond its bytes (the objects, the typed array, two header objects, the map's
 * slot), measured as 1.3 KB with `node --expose-gc` over 20,000 entries and rounded up: a budget of small pages
 * counted by their bodies alone held three times its size.
 */
const VARIANT_OVERHEAD_BYTES = 1536;

type Encoding = "br" | "gzip";

interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The headers of a 200 with this variant, built once: a hit only writes them. */
  headers: Record<string, string>;
  /** The headers of a 304 for it. */
  notModifiedHeaders: Record<string, string>;
}

export interface CachedPage {
  status: number;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** What it takes in memory: bodies, headers, key and bookkeeping (`VARIANT_OVERHEAD_BYTES`). */
  bytes: number;
  /** Wall-clock time (ms) from which it is stale, from the response's `Expires` (a PDF's prices end at midnight). */
  expiresAt?: number;
}

export interface PageCacheOptions {
  /** The most the stored pages (every variant) may take; the least recently used go first. */
  maxBytes: number;
  /** The shared content version (one row in the database), raised by every change to public content. */
  readVersion: () => Promise<number>;
  raiseVersion: () => Promise<void>;
  now?: () => number;
  /** The wall clock (milliseconds since the epoch), `Date.now` by default: the cache is emptied at UTC midnight. */
  wallClock?: () => number;
  /** Sets the security headers every answer carries: a page is stored with them, for the hits Node answers. */
  secureHeaders?: (headers: Headers) => void;
}

/**
 * Rendered public pages in memory, with their brotli and gzip variants and strong ETags, for visitors without a
 * session. Any content change anywhere raises the database's content version; each instance compares it at most
 * every 0.5 s (and always before serving when the last look is 1 s old), and drops every page when it moved.
 */
export class PageCache {
  private readonly entries = new Map<string, UseNode>();
  /** The same pages in order of use: a hit moves its page to the newest end, eviction takes the oldest. */
  private readonly recent = new UseList();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  private version: number | undefined;
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;
  private checkStartedAt = 0;
  /** Raised by every clear: a page whose rendering began before a clear is not stored after it. */
  private generation = 0;
  private readonly now: () => number;
  private readonly wallClock: () => number;
  /** When the UTC day the stored pages were rendered on ends. */
  private dayEndsAt: number;
  /** Lookups that found a page, and cacheable requests that did not (for the metrics). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? (() => performance.now());
    this.wallClock = options.wallClock ?? Date.now;
    this.dayEndsAt = nextUtcMidnight(this.wallClock());
  }

  get size() {
    return { pages: this.entries.size, bytes: this.bytes };
  }

  /**
   * Makes sure no page older than the content version is served: waits for the database when it must, but never
   * longer than LATE_CHECK_MS from when the check began.
   */
  async ensureFresh(): Promise<void> {
    if (this.freshEnough()) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, LATE_CHECK_MS - (this.now() - this.checkStartedAt)));
    });
    await Promise.race([this.checking, late]);
    clearTimeout(timer);
  }

  /**
   * Whether a cached page may be served now without waiting for the database; asks it in the background when the
   * last look is half a second old. True too while a check is late: the database is stalled or overloaded.
   */
  freshEnough(): boolean {
    const now = this.now();
    const age = now - this.checkedAt;
    if (age < CHECK_AFTER_MS) return true;
    if (!this.checking) {
      this.checkStartedAt = now;
      this.checking = this.check().finally(() => (this.checking = undefined));
    }
    return age < MUST_CHECK_AFTER_MS || now - this.checkStartedAt >= LATE_CHECK_MS;
  }

  /** After a change on this instance: every instance drops its pages; this one at once. */
  async contentChanged(): Promise<void> {
    try {
      await this.options.raiseVersion();
    } catch (error) {
      log.error("[page-cache] could not raise the content version", error);
    }
    this.clear();
    // The next visitor reads the new version, so a page rendered between the change and now is dropped too.
    this.checkedAt = -Infinity;
  }

  clear() {
    this.entries.clear();
    this.recent.clear();
    this.bytes = 0;
    this.generation++;
  }

  lookup(key: string): CachedPage | undefined {
    this.dropAtMidnight();
    const node = this.entries.get(key);
    if (!node) return undefined;
    if (node.page.expiresAt !== undefined && this.wallClock() >= node.page.expiresAt) {
      this.remove(node);
      return undefined;
    }
    this.recent.moveToNewest(node);
    this.stats.hits++;
    return node.page;
  }

  /**
   * The cached page for `key`, rendered by `render` when missing and cacheable; otherwise the rendering's own
   * response. Visitors asking for the same missing page at once share one rendering.
   */
  async fill(key: string, render: () => Promise<Response>): Promise<Filled> {
    const waiting = this.pending.get(key);
    if (waiting) {
      const shared = await waiting;
      return shared ? { page: shared } : { response: await render() };
    }
    this.dropAtMidnight();
    const generation = this.generation;
    let share!: (entry: CachedPage | null) => void;
    this.pending.set(key, new Promise((resolve) => (share = resolve)));
    let entry: CachedPage | null = null;
    try {
      const response = await render();
      if (!isCacheable(response)) return { response };
      const headers = new Headers(response.headers);
      this.options.secureHeaders?.(headers);
      entry = await toEntry(response.status, headers, new Uint8Array(await response.arrayBuffer()));
      // A page begun before midnight shows yesterday's certificates: served to its own visitors, never stored.
      this.dropAtMidnight();
      if (generation === this.generation) this.store(key, entry);
      return { page: entry };
    } finally {
      share(entry);
      this.pending.delete(key);
    }
  }

  /**
   * Some pages change with the date alone: a certificate is shown up to its last valid day (UTC) and hidden from
   * the next, though nothing was edited. Every page is dropped at UTC midnight, which is when such a change can
   * happen; a page then lives at most until the end of the UTC day it was rendered on. Once a day the site
   * renders its pages afresh, which is cheaper and simpler than knowing which page shows which date. Browsers and
   * nginx revalidate every page (`no-cache` with an ETag, ADR 0018), so they follow within one request.
   */
  private dropAtMidnight() {
    const now = this.wallClock();
    if (now < this.dayEndsAt) return;
    this.clear();
    this.dayEndsAt = nextUtcMidnight(now);
  }

  private store(key: string, page: CachedPage) {
    // The key is kept once, as the map's own; counted with the page.
    page.bytes += key.length;
    if (page.bytes > this.options.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(previous);
    const node: UseNode = { key, page, older: null, newer: null };
    this.entries.set(key, node);
    this.recent.addNewest(node);
    this.bytes += page.bytes;
    // The least recently used go first: each eviction costs the same however many pages there are, so a
    // stranger's distinct query strings cannot make a store slower. (A Map's own order would not do: deleting
    // from its front leaves holes that every later walk from the front steps over until the table is rebuilt.)
    while (this.bytes > this.options.maxBytes && this.recent.oldest) this.remove(this.recent.oldest);
  }

  private remove(node: UseNode) {
    this.entries.delete(node.key);
    this.recent.unlink(node);
    this.bytes -= node.page.bytes;
  }

  private async check() {
    try {
      const version = await this.options.readVersion();
      if (this.version !== undefined && version !== this.version) this.clear();
      this.version = version;
    } catch (error) {
      // The database is away: keep answering from what is cached; the next visitor asks again.
      log.backgroundError("[page-cache] could not read the content version", error);
    }
    this.checkedAt = this.now();
  }
}

interface UseNode {
  key: string;
  page: CachedPage;
  older: UseNode | null;
  newer: UseNode | null;
}

/** A doubly linked list of the cached pages, oldest use first: every operation takes constant time. */
class UseList {
  oldest: UseNode | null = null;
  private newest: UseNode | null = null;

  addNewest(node: UseNode) {
    node.older = this.newest;
    node.newer = null;
    if (this.newest) this.newest.newer = node;
    else this.oldest = node;
    this.newest = node;
  }

  unlink(node: UseNode) {
    if (node.older) node.older.newer = node.newer;
    else this.oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else this.newest = node.older;
    node.older = node.newer = null;
  }

  moveToNewest(node: UseNode) {
    if (node === this.newest) return;
    this.unlink(node);
    this.addNewest(node);
  }

  clear() {
    this.oldest = this.newest = null;
  }
}

const CACHEABLE_TYPES =
  /^(?:text\/html|text\/x-script|application\/xml|application\/rss\+xml|text\/plain|application\/pdf)\b/i;
/** Already compressed inside (pdfkit deflates its streams): brotli would save 2 % for a tenth of a second. */
const PRECOMPRESSED_TYPES = /^application\/pdf\b/i;

/** A 200 that sets no cookie, is not private, and is a page, a page's data, the sitemap, robots.txt or a PDF. */
function isCacheable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (/\b(?:private|no-store)\b/i.test(cacheControl)) return false;
  const vary = response.headers.get("Vary");
  if (vary && vary.split(",").some((name) => name.trim().toLowerCase() !== "accept-encoding")) return false;
  return CACHEABLE_TYPES.test(response.headers.get("Content-Type") ?? "");
}

async function toEntry(status: number, responseHeaders: Headers, body: Uint8Array<ArrayBuffer>): Promise<CachedPage> {
  const tag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const headers: Record<string, string> = {};
  for (const [name, value] of responseHeaders) {
    if (name === "content-length" || name === "content-encoding" || name === "etag" || name === "vary") continue;
    headers[name] = value;
  }
  headers.vary = "Accept-Encoding";
  const variant = (body: Uint8Array<ArrayBuffer>, etag: string, encoding?: Encoding): Variant => ({
    body,
    etag,
    headers: {
      ...headers,
      etag,
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": String(body.byteLength),
    },
    notModifiedHeaders: { ...headers, etag },
  });
  const expires = Date.parse(responseHeaders.get("Expires") ?? "");
  const entry: CachedPage = {
    status,
    identity: variant(body, `"${tag}"`),
    bytes: 0,
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

/**
 * What filling gave: the cached page, or the rendering's own response when it cannot be cached. Not told apart with
 * `instanceof Response`: @hono/node-server replaces the global Response, and `Response.json()` (React Router's
 * route discovery uses it) still makes the original kind.
 */
type Filled = { page: CachedPage; response?: undefined } | { page?: undefined; response: Response };

/** The request headers a cached answer depends on. */
interface RequestFacts {
  method: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/** What a cached page answers one visitor: status, headers as a plain object, and the bytes (none for 304 and HEAD). */
interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}

/** The answer to one visitor from a cached page: the smallest variant they take, or 304 when theirs is current. */
function cachedAnswer(entry: CachedPage, request: RequestFacts): CachedAnswer {
  const encoding = preferredEncoding(request.acceptEncoding ?? "");
  const variant = (encoding && entry[encoding]) || entry.identity;
  const { ifNoneMatch } = request;
  if (ifNoneMatch && matchesAny(ifNoneMatch, entry))
    return { status: 304, headers: variant.notModifiedHeaders, body: null };
  return { status: entry.status, headers: variant.headers, body: request.method === "HEAD" ? null : variant.body };
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

export interface PageCacheRules {
  /** Requests that are never cached (the back office, health checks, files with caches of their own). */
  bypass: (pathname: string) => boolean;
  /** The cookie names that make a visitor someone (a session): their pages are rendered for them alone. */
  personalCookies: readonly string[];
}

export interface PageCacheMiddlewareOptions extends PageCacheRules {
  /** The server's compression, for a page rendered here that turned out not to be cacheable. */
  compress: MiddlewareHandler;
}

/** Set while a page is rendered to be cached: the response must come back uncompressed (see `skipWhileFilling`). */
const FILLING = "pageCacheFilling";

/** A Node request header as one string (repeated headers joined, as the web Headers would). */
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/**
 * Reads a request header from Node's own request when there is one: asking the web Request for its headers makes
 * @hono/node-server build them all, which costs more than answering a cached page.
 */
function headerOf(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined)
    ?.incoming;
  return incoming?.headers ? single(incoming.headers[name]) : c.req.header(name);
}

/**
 * The key under which a request's page is cached (its path and query), or undefined when the cache must not
 * answer it: not GET or HEAD, a path the cache never keeps, or a visitor with a session.
 */
function cacheKeyRule(options: PageCacheRules) {
  const personal = new RegExp(`(?:^|;\\s*)(?:${options.personalCookies.join("|")})=`);
  return (method: string, pathAndQuery: string, cookie: string | undefined): string | undefined => {
    if (method !== "GET" && method !== "HEAD") return undefined;
    if (options.bypass(pathAndQuery.split("?", 1)[0])) return undefined;
    if (cookie && personal.test(cookie)) return undefined;
    return pathAndQuery;
  };
}

/**
 * Answers cache hits from Node's own request, before @hono/node-server builds a web Request and Hono runs its
 * middleware: a hit then costs little more than a static file. Returns false for everything else (misses,
 * uncacheable requests, a content version due to be checked), which goes on to the app.
 */
export function answerHitsFromMemory(
  cache: PageCache,
  rules: PageCacheRules,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const keyOf = cacheKeyRule(rules);
  return (req, res) => {
    const url = req.url ?? "";
    // Only origin-form targets: the app derives its key from the normalised URL, which such a path already is.
    if (!url.startsWith("/")) return false;
    const key = keyOf(req.method ?? "", url, single(req.headers.cookie));
    if (!key || !cache.freshEnough()) return false;
    const entry = cache.lookup(key);
    if (!entry) return false;
    const { status, headers, body } = cachedAnswer(entry, {
      method: req.method!,
      acceptEncoding: single(req.headers["accept-encoding"]),
      ifNoneMatch: single(req.headers["if-none-match"]),
    });
    res.writeHead(status, headers);
    res.end(body ?? undefined);
    return true;
  };
}

/** Serves public pages from the cache; renders, stores and serves them on a miss. Register it first. */
export function pageCacheMiddleware(cache: PageCache, options: PageCacheMiddlewareOptions): MiddlewareHandler {
  const keyOf = cacheKeyRule(options);
  return async (c: Context, next) => {
    const { method } = c.req;
    const url = c.req.url;
    // The path and query, without parsing the whole URL: the Host header is never part of a key.
    const key = keyOf(method, url.slice(url.indexOf("/", url.indexOf("//") + 2)), headerOf(c, "cookie"));
    if (!key) return next();
    await cache.ensureFresh();
    const facts = {
      method,
      acceptEncoding: headerOf(c, "accept-encoding"),
      ifNoneMatch: headerOf(c, "if-none-match"),
    };
    const cached = cache.lookup(key);
    if (cached) return answerFromCache(cached, facts);
    cache.stats.misses++;
    // A HEAD renders no body to keep: it is answered without filling the cache.
    if (method === "HEAD") return next();
    const filled = await cache.fill(key, async () => {
      c.set(FILLING, true);
      await next();
      return c.res;
    });
    c.res = undefined;
    if (filled.page) {
      c.res = answerFromCache(filled.page, facts);
    } else {
      // Rendered uncompressed for the cache, but not cacheable after all: compressed as any other response.
      c.res = filled.response;
      c.set(FILLING, false);
      await options.compress(c, async () => {});
    }
  };
}

/** Wraps a compression middleware so a page being rendered for the cache comes back as it is (the cache compresses). */
export function skipWhileFilling(middleware: MiddlewareHandler): MiddlewareHandler {
  return (c, next) => (c.get(FILLING) ? next() : middleware(c, next));
}
