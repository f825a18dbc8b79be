import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono, type Context, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppConfig } from "../app/config.server";
import type { Db } from "../app/db/database.server";
import { MEDIA_PREFIX, type Storage } from "../app/lib/storage/storage.server";
import { readChangesSince, recordPageChange } from "../app/features/page-cache/content-version.server";
import { isCachedMethod, isUncachedPath } from "../app/features/page-cache/policy.server";
import { PageCache } from "../app/features/page-cache/store.server";
import { answerSpecSheet } from "../app/features/spec-sheets/spec-sheet-request.server";
import { LANGUAGE_PREFIX_PATTERN } from "../app/lib/i18n/languages";
import { blogFeedXml, FEED_PATH, feedResponse } from "../app/features/blog/feed.server";
import { readSitemapFile, sitemapResponse, urlsetXml } from "../app/features/seo/sitemap.server";
import { siteOrigin } from "../app/config.server";
import { throttleKeyOf } from "../app/lib/client-address";
import { isAdminPath, isOpenAdminPath, rulePath, SAFE_METHODS } from "../app/lib/web/request-kind";
import { isLiveAdministrator, signInAgain } from "../app/features/auth/guard.server";
import { servicesContext } from "../app/services.server";
import { compressDynamic } from "./compression";
import { DemandCounter } from "./demand";
import { healthCheck, type Lifecycle } from "./healthz";
import { serveMedia } from "./media";
import { createMetrics } from "./metrics";
import { clientAddress, observeRequests } from "./observe";
import {
  answerHitsFromMemory,
  backgroundRenderer,
  dropPagesAfterChanges,
  pageCacheMiddleware,
  pageTagRecorders,
  skipWhileFilling,
} from "./page-cache-middleware";
import { cleanAddress } from "./query-params";
import { routeLabeler } from "./route-label";
import { type SecureHeaders, secureHeaders, secureHeadersMiddleware } from "./security-headers";
import { serveClientBuild } from "./static-files";
import {
  adminBodyLimitFor,
  FORM_TYPES,
  isCrossOrigin,
  payloadTooLarge,
  SMALL_FORM_MAX_BYTES,
  withConnectionClose,
  withoutBody,
} from "./request-limits";

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  db: Db;
  config: AppConfig;
  storage: Storage;
  /** Folder of the client build (fingerprinted assets); absent in development, where Vite serves them. */
  clientDir?: string;
  mode?: "production" | "development";
  /** The wall clock, `Date.now` unless a test sets the day: the page cache and date-dependent pages read it. */
  clock?: () => number;
  /** Shared with the process: once it is stopping, /healthz says 503 and connections are not kept alive. */
  lifecycle?: Lifecycle;
}

type Env = { Bindings: { incoming?: { socket?: { remoteAddress?: string } } } };

/** A 400 that names what was wrong, never cached. */
const badRequest = (c: Context<Env>, what: string) => {
  c.header("Cache-Control", "no-store");
  return c.text(`Bad Request: ${what}`, 400);
};

/** The client as throttles count it: an IPv4 address, or an IPv6 address's /64. */
const clientIp = (c: Context<Env>, trustProxy: boolean) =>
  throttleKeyOf(clientAddress(c.req.header("x-forwarded-for"), c.env?.incoming?.socket?.remoteAddress, trustProxy));

export function createApp(options: AppOptions) {
  const { db, config, storage } = options;
  const lifecycle = options.lifecycle ?? { stopping: false };
  const clock = options.clock ?? Date.now;
  const app = new Hono<Env>();
  const secure = secureHeaders({ development: options.mode === "development", publicUrl: config.publicUrl });
  const pageCache = config.pageCache
    ? new PageCache({
        maxBytes: config.pageCacheMaxBytes,
        changes: { read: (since) => readChangesSince(db, since), record: (change) => recordPageChange(db, change) },
        wallClock: clock,
        secureHeaders: secure,
      })
    : null;
  // Demand per product, day and country (ADR 0040): counted in memory, written every 10 s and when the server stops.
  const demand = new DemandCounter({
    db,
    countryHeader: config.demandCountryHeader,
    trustProxy: config.trustProxy,
    clock,
  });
  const handleRequest = createRequestHandler(options.build, options.mode ?? "production");
  // Only when asked for: a token to scrape with, or a port of their own.
  const metrics =
    config.metricsToken || config.metricsPort !== undefined
      ? createMetrics({ db, pageCache, token: config.metricsToken })
      : null;

  const compression = compressDynamic();
  // Every answer carries the same security headers, whichever middleware made it: this one is first, so it sees
  // every answer on its way out. Cached pages are stored with them, for the hits Node answers itself.
  app.use(secureHeadersMiddleware(secure));

  // A path that starts with `//` (or `/\`, which URL parsers read the same) names a host to a URL parser: it would
  // reach the routes as another host's address and fill the page cache with a copy per made-up host. It names nothing
  // here, before any cache or route sees it (a redirect to one slash could be read by a browser as another site).
  app.use(async (c, next) => {
    const path = c.req.path;
    if (!(path.startsWith("//") || path.startsWith("/\\"))) return next();
    c.header("Cache-Control", "no-store");
    return c.html('<!doctype html><meta charset="utf-8"><title>Not Found</title><p>Page not found.</p>', 404);
  });

  // A public page has one address per value of the parameters it reads (server/query-params.ts, ADR 0018, "Later").
  app.use(async (c, next) => {
    if (!isCachedMethod(c.req.method)) return next();
    const path = rulePath(c.req.path);
    if (isUncachedPath(path)) return next();
    const url = c.req.url;
    const clean = cleanAddress(url.slice(url.indexOf("/", url.indexOf("//") + 2)), path);
    return clean === null ? next() : new Response(null, { status: 301, headers: { Location: clean } });
  });

  // What an answer counts as for demand is recorded as it is rendered or taken from the cache, and counted once sent.
  app.use(demand.middleware());

  // Public pages for visitors without a session, from memory (ADR 0018): after the security headers and the check of
  // the query string, before everything else, so a cached page costs nothing more.
  if (pageCache) app.use(pageCacheMiddleware(pageCache, compression));
  app.use(skipWhileFilling(compression));
  app.use(dropPagesAfterChanges(pageCache, db));

  app.use(async (c, next) => {
    await next();
    // Back-office pages and their data requests, and anything that sets a cookie, are for one person only:
    // no browser history cache, no shared cache may keep them.
    if (isAdminPath(rulePath(c.req.path)) || c.res.headers.has("Set-Cookie")) c.header("Cache-Control", "no-store");
  });

  app.use(async (c, next) => {
    // A path that is not valid percent-encoding names nothing here (and would throw wherever it is decoded). Most
    // URLs have no "%" at all, and they skip the parse.
    if (c.req.url.includes("%")) {
      try {
        decodeURIComponent(new URL(c.req.url).pathname);
      } catch {
        return badRequest(c, "malformed percent-encoding in the path.");
      }
    }
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (isCrossOrigin(c, config.publicUrl)) return c.text("Cross-origin request refused.", 403);
    const type = c.req.header("content-type")?.split(";")[0].trim().toLowerCase();
    if (!type || !FORM_TYPES.has(type))
      return badRequest(c, "send the form as application/x-www-form-urlencoded or multipart/form-data.");
    // Refused from Content-Length before a byte is read; a chunked body is counted as it arrives. The back office's
    // larger limits are granted only once the session is known to be a live administrator's: a made-up cookie, an
    // expired session or a signed-in non-administrator is sent to sign in without the body being read, however large
    // (ADR 0047). Below the public limit the guard still reads it, to keep the form across an expired session.
    const path = rulePath(c.req.path);
    const guarded = isAdminPath(path) && !isOpenAdminPath(path);
    if (guarded && (await isLiveAdministrator(db, c.req.raw))) {
      const limit = adminBodyLimitFor(path, config);
      return bodyLimit({ maxSize: limit, onError: () => payloadTooLarge(limit) })(c, next);
    }
    if (!guarded)
      return bodyLimit({ maxSize: SMALL_FORM_MAX_BYTES, onError: () => payloadTooLarge(SMALL_FORM_MAX_BYTES) })(
        c,
        next,
      );
    // The guard answers it as it answers any request without a live session (to the login, or Access Denied), as a
    // document or a data request; a body past the public limit is not read at all.
    const declared = Number(c.req.header("content-length"));
    if (declared > SMALL_FORM_MAX_BYTES) {
      c.req.raw = withoutBody(c.req.raw);
      await next();
      c.header("Connection", "close");
      return;
    }
    return bodyLimit({
      maxSize: SMALL_FORM_MAX_BYTES,
      onError: () => withConnectionClose(signInAgain(c.req.raw, config.publicUrl)),
    })(c, next);
  });

  app.get("/healthz", healthCheck(db, lifecycle));

  // On the site's own port only behind a token, and never when the metrics have a port of their own; otherwise the
  // site's 404 page, as for any unknown path.
  if (metrics && config.metricsToken && config.metricsPort === undefined) {
    app.on(["GET", "HEAD"], "/metrics", async (c) => {
      const { status, headers, body } = await metrics.answer(c.req.header("authorization"));
      return new Response(c.req.method === "HEAD" ? null : body, { status, headers });
    });
  }

  app.get(`${MEDIA_PREFIX}*`, (c) => serveMedia(c, storage));

  // Built assets (precompressed) and the public/ files, from memory.
  if (options.clientDir) app.use(serveClientBuild(options.clientDir));

  // A product's spec sheet (ADR 0024). Not a React Router resource route: an unknown product must fall through to the
  // site's 404 page at this very address, and a page rendered where the browser's router knows a resource route
  // fails to hydrate.
  // The same in another language (`/ar/products/…`): 404 while the language is not enabled.
  const specSheet = async (c: Context, next: Next) => {
    const answer = await answerSpecSheet(
      {
        db,
        storage,
        config,
        now: clock,
        shows: pageTagRecorders(c).shows,
        answersDemand: demand.recorders(c).answersDemand,
      },
      c.req.raw,
      c.req.param("categorySlug")!,
      c.req.param("productSlug")!,
    );
    return answer ?? next();
  };
  app.get("/products/:categorySlug/:productSlug/spec-sheet.pdf", specSheet);
  app.get(`/:lang{${LANGUAGE_PREFIX_PATTERN}}/products/:categorySlug/:productSlug/spec-sheet.pdf`, specSheet);

  // One file of the sitemap index (`/sitemaps/pages-1.xml`, …) and the blog's feed: here, not as React Router
  // resource routes, for the same reason: an unknown file falls through to the site's 404 page.
  app.get("/sitemaps/:file", async (c, next) => {
    const file = c.req.param("file");
    const name = file.endsWith(".xml") ? file.slice(0, -".xml".length) : "";
    const entries = name ? await readSitemapFile(db, name, config.sitemapMaxUrls, pageTagRecorders(c).shows) : null;
    return entries ? sitemapResponse(urlsetXml(siteOrigin(config), entries)) : next();
  });
  app.get(FEED_PATH, async (c) => feedResponse(await blogFeedXml(db, siteOrigin(config), pageTagRecorders(c).shows)));

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    let incomplete = false;
    const { shows, changed } = pageTagRecorders(c);
    const { answersDemand, countDemand } = demand.recorders(c);
    context.set(servicesContext, {
      db,
      config,
      storage,
      now: clock,
      clientIp: clientIp(c, config.trustProxy),
      markIncomplete: () => (incomplete = true),
      shows,
      changed,
      answersDemand,
      countDemand,
    });
    const response = await handleRequest(canonicalRequest(c.req.raw, config.publicUrl), context);
    if (incomplete) response.headers.set("Cache-Control", "no-store");
    return response;
  });

  // A stale page is refreshed by a request the server makes to itself, through every middleware a visitor's goes through.
  pageCache?.setRenderer(backgroundRenderer((request, env) => app.fetch(request, env)));

  const inFlight = new Set<ServerResponse>();

  const observing = {
    trustProxy: config.trustProxy,
    instanceHeader: config.instanceName,
    routeOf: routeLabeler(options.build),
    metrics,
  };

  return Object.assign(app, {
    /** The page cache, when PAGE_CACHE is on (tests read what its pages declare). */
    pageCache,
    /** The Prometheus metrics, when METRICS_TOKEN or METRICS_PORT asks for them. */
    metrics,
    /** Demand counted on this instance: `flush` writes it now (tests), `stop` before the database closes (ADR 0040). */
    demand,
    /**
     * The instance is stopping: /healthz says 503, and every connection ends after its current or next answer
     * (Connection: close), so clients (a load balancer) reconnect to another instance. A connection is never cut
     * between answers: the client may be sending its next request on it at that very moment.
     */
    beginStopping({ drain = false }: { drain?: boolean } = {}) {
      lifecycle.stopping = true;
      lifecycle.draining = drain;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    },
    /** The drain is over: the server no longer accepts; what still arrives on open connections is served. */
    endDraining() {
      lifecycle.draining = false;
    },
    /** Node's request listener for the server: cached pages answered at once, everything else through Hono. */
    nodeListener(): RequestListener {
      const throughHono = getRequestListener(app.fetch);
      const answerHit = pageCache
        ? answerHitsFromMemory(pageCache, (req, status, answered) => demand.countHit(req, status, answered))
        : null;
      const isDrained = (req: IncomingMessage) =>
        lifecycle.draining && (req.method === "GET" || req.method === "HEAD") && !req.url?.startsWith("/healthz");
      // A hit is answered here and now; only what goes on to the app can still be under way at SIGTERM.
      const immediate =
        answerHit &&
        ((req: IncomingMessage, res: ServerResponse, ownHeaders: string[]) =>
          !isDrained(req) &&
          answerHit(req, res, lifecycle.stopping ? [...ownHeaders, "Connection", "close"] : ownHeaders));
      return observeRequests(
        (req, res) => {
          if (lifecycle.stopping) res.setHeader("Connection", "close");
          if (isDrained(req)) return answerDraining(res, secure);
          if (!lifecycle.stopping) {
            inFlight.add(res);
            res.once("close", () => inFlight.delete(res));
          }
          void throughHono(req, res);
        },
        observing,
        immediate ?? undefined,
      );
    },
  });
}

/**
 * A GET or HEAD while the instance drains: 503, which nginx (`proxy_next_upstream http_503`) repeats on another
 * instance, counting a failure that takes this one out of its rotation (`max_fails`) before it stops accepting
 * connections, so that no form post is then sent to a socket about to close. Form posts are served meanwhile: a
 * balancer may not repeat them.
 */
function answerDraining(res: ServerResponse, secure: SecureHeaders) {
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Retry-After": "2",
  });
  secure(headers);
  res.writeHead(503, Object.fromEntries(headers));
  res.end(
    '<!doctype html><meta charset="utf-8"><title>Restarting</title><p>This server is restarting. Please try again in a moment.</p>',
  );
}

/**
 * Behind a TLS-terminating proxy the server sees http://internal-host while the browser says Origin:
 * https://public-host; React Router compares the two, so requests reach it under the canonical origin.
 */
function canonicalRequest(request: Request, publicUrl: string | undefined): Request {
  if (!publicUrl) return request;
  const url = new URL(request.url);
  if (url.origin === publicUrl) return request;
  // Joined as text: a path is never read as an address of its own (`//host/…`).
  const canonical = new URL(`${publicUrl}${url.pathname}${url.search}`);
  return new Request(canonical, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}
