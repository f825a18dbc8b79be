import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "../app/db/database.server";
import { answerFromCache, cachedAnswer } from "../app/features/page-cache/answer.server";
import { recordPageChange } from "../app/features/page-cache/content-version.server";
import { cacheKeyOf, changesPublicContent, isCachedMethod, isPersonal } from "../app/features/page-cache/policy.server";
import type { PageCache, Renderer } from "../app/features/page-cache/store.server";
import type { AnsweredDemand } from "../app/features/demand/demand-tally.server";
import { log } from "../app/lib/log.server";
import { rulePath } from "../app/lib/web/request-kind";

// The page cache (app/features/page-cache/, ADR 0018) on the HTTP server: hits answered from Node's own request,
// misses rendered through the app and stored, and the cache emptied after every change an administrator sends.

/** Set while a page is rendered to be cached: the response must come back uncompressed (see `skipWhileFilling`). */
const FILLING = "pageCacheFilling";
/** The tags the answer being rendered declares (`AppServices.shows`), and those a back-office write changed. */
const SHOWN = "pageCacheShown";
const CHANGED = "pageCacheChanged";
/** Marks, in the request's environment (which no client can set), a refresh the server makes itself. */
const BACKGROUND = "pageCacheBackgroundRender";
/** What the answer counts as for demand (ADR 0040): recorded as it is rendered, or taken from the cached page. */
const ANSWERED = "pageCacheAnswered";

/** What a request's answer counts as (`AppServices.answersDemand`), kept with the page when it is cached. */
export interface AnswerRecord {
  demand?: AnsweredDemand;
}

/**
 * Begins the record of what this request's answer counts as (server/demand.ts, before the page cache): undefined for
 * a background refresh, whose record is the refresh's own (`backgroundRenderer`) and is never a visitor's.
 */
export function startAnswerRecord(c: Context): AnswerRecord | undefined {
  const background = (c.env as Record<string, unknown> | undefined)?.[BACKGROUND] as BackgroundRender | undefined;
  if (background) {
    c.set(ANSWERED, background);
    return undefined;
  }
  const record: AnswerRecord = {};
  c.set(ANSWERED, record);
  return record;
}

/** This request's answer record, when one was begun. */
export const answerRecordOf = (c: Context) => c.get(ANSWERED) as AnswerRecord | undefined;

/**
 * What a request's answer shows and what its write changed are recorded here (server/app.ts hands both to the route
 * modules' services and to the handlers outside React Router); each records nothing unless this request collects it.
 */
export function pageTagRecorders(c: Context): {
  shows: (...tags: string[]) => void;
  changed: (...tags: string[]) => void;
} {
  const into =
    (set: Set<string> | undefined) =>
    (...tags: string[]) =>
      tags.forEach((tag) => set?.add(tag));
  return {
    shows: into(c.get(SHOWN) as Set<string> | undefined),
    changed: into(c.get(CHANGED) as Set<string> | undefined),
  };
}

/** A Node request header as one string (repeated headers joined, as the web Headers would). */
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/**
 * Reads a request header from Node's own request when there is one: asking the web Request for its headers makes
 * @hono/node-server build them all, which costs more than answering a cached page.
 */
export function headerOf(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined)
    ?.incoming;
  return incoming?.headers ? single(incoming.headers[name]) : c.req.header(name);
}

/**
 * Answers cache hits from Node's own request, before @hono/node-server builds a web Request and Hono runs its
 * middleware: a hit then costs little more than a static file. Its headers go to Node in one flat list with
 * `ownHeaders` (the request id, Connection: close while stopping), nothing set ahead. Returns false, having touched
 * nothing, for everything else (misses, uncacheable requests, a content version due to be checked), which goes on
 * to the app.
 */
export function answerHitsFromMemory(
  cache: PageCache,
  /** A hit on a page that counts as demand (a product's page or spec sheet): counted by server/demand.ts. */
  countHit?: (req: IncomingMessage, status: number, demand: AnsweredDemand) => void,
): (req: IncomingMessage, res: ServerResponse, ownHeaders: string[]) => boolean {
  return (req, res, ownHeaders) => {
    const url = req.url ?? "";
    // Only origin-form targets: the app derives its key from the normalised URL, which such a path already is.
    if (!url.startsWith("/") || !isCachedMethod(req.method ?? "")) return false;
    // The target itself is the key. A page is stored only under a key `cacheKeyOf` gave, and what it checks of the
    // path depends on the path alone: a page stored under this key says the path may be answered from the cache,
    // without lowercasing and decoding it again (a long Bengali path, issue 42). The cookie is this visitor's.
    if (!cache.holds(url) || isPersonal(single(req.headers.cookie)) || !cache.freshEnough()) return false;
    const entry = cache.lookup(url);
    if (!entry) return false;
    const { status, rawHeaders, body } = cachedAnswer(entry, {
      method: req.method!,
      acceptEncoding: single(req.headers["accept-encoding"]),
      ifNoneMatch: single(req.headers["if-none-match"]),
    });
    res.writeHead(status, rawHeaders.concat(ownHeaders));
    res.end(body ?? undefined);
    if (entry.demand && countHit) countHit(req, status, entry.demand);
    return true;
  };
}

/** What the server hands a request it makes itself to refresh a stale page (`backgroundRenderer`). */
export interface BackgroundRender extends AnswerRecord {
  shows: Set<string>;
}

/**
 * Refreshes a stale page through the app itself, as a visitor without cookies would ask for it, but marked (in the
 * request's environment, which no client can set) so that the page cache renders it instead of answering it.
 */
export function backgroundRenderer(
  fetch: (request: Request, env: Record<string, unknown>) => Response | Promise<Response>,
): Renderer {
  return async (key) => {
    const render: BackgroundRender = { shows: new Set() };
    const response = await fetch(new Request(new URL(key, "http://localhost")), { [BACKGROUND]: render });
    return { response, shows: render.shows, demand: render.demand };
  };
}

/** Serves public pages from the cache; renders, stores and serves them on a miss. Register it first. */
export function pageCacheMiddleware(
  cache: PageCache,
  /** The server's compression, for a page rendered here that turned out not to be cacheable. */
  compress: MiddlewareHandler,
): MiddlewareHandler {
  return async (c: Context, next) => {
    const background = (c.env as Record<string, unknown> | undefined)?.[BACKGROUND] as BackgroundRender | undefined;
    if (background) {
      c.set(FILLING, true);
      c.set(SHOWN, background.shows);
      return next();
    }
    const { method } = c.req;
    const url = c.req.url;
    // The path and query, without parsing the whole URL: the Host header is never part of a key.
    const key = cacheKeyOf(method, url.slice(url.indexOf("/", url.indexOf("//") + 2)), headerOf(c, "cookie"));
    if (!key) return next();
    await cache.ensureFresh();
    const facts = {
      method,
      acceptEncoding: headerOf(c, "accept-encoding"),
      ifNoneMatch: headerOf(c, "if-none-match"),
    };
    const cached = cache.lookup(key);
    const record = answerRecordOf(c);
    if (cached) {
      if (record) record.demand = cached.demand;
      return answerFromCache(cached, facts);
    }
    cache.stats.misses++;
    // A HEAD renders no body to keep: it is answered without filling the cache.
    if (method === "HEAD") return next();
    const filled = await cache.fill(key, async () => {
      const shown = new Set<string>();
      c.set(FILLING, true);
      c.set(SHOWN, shown);
      await next();
      return { response: c.res, shows: shown, demand: record?.demand };
    });
    c.res = undefined;
    if (filled.page) {
      // Rendered here or by another visitor's request at the same moment: the page says what it counts as.
      if (record) record.demand = filled.page.demand;
      c.res = answerFromCache(filled.page, facts);
    } else {
      // Rendered uncompressed for the cache, but not cacheable after all: compressed as any other response.
      c.res = filled.response;
      c.set(FILLING, false);
      await compress(c, async () => {});
    }
  };
}

/** Wraps a compression middleware so a page being rendered for the cache comes back as it is (the cache compresses). */
export function skipWhileFilling(middleware: MiddlewareHandler): MiddlewareHandler {
  return (c, next) => (c.get(FILLING) ? next() : middleware(c, next));
}

/**
 * After a back-office write, the pages that show what it changed (`AppServices.changed`; everything when it named
 * nothing) are stale on every instance, this one at once. Without a cache here, the change is recorded all the same
 * for the others. A refused write (4xx) that named nothing changed nothing.
 */
export function dropPagesAfterChanges(cache: PageCache | null, db: Db): MiddlewareHandler {
  return async (c, next) => {
    if (!changesPublicContent(c.req.method, rulePath(c.req.path))) return next();
    const changed = new Set<string>();
    c.set(CHANGED, changed);
    await next();
    if (!changed.size && c.res.status >= 400 && c.res.status < 500) return;
    const change = changed.size ? changed : "everything";
    if (cache) await cache.contentChanged(change);
    else
      await recordPageChange(db, change).catch((error: unknown) =>
        log.error("[page-cache] change not recorded", error),
      );
  };
}
