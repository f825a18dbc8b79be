import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestListener } from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { poolStats, type Db } from "../app/db/database.server";
import type { PageCache } from "../app/features/page-cache/store.server";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** From a cached page's fraction of a millisecond to a PDF's several seconds. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  /** One answered request: its route label (never its path), method, status and duration. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** The Prometheus text for a scrape that sent this Authorization header: 401 without the token when one is set. */
  answer(authorization: string | undefined): Promise<{ status: number; headers: Record<string, string>; body: string }>;
}

/**
 * The instance's Prometheus metrics, in a registry of its own: requests by route and status, the page cache, the
 * database pool (PostgreSQL), the event loop's lag and the process's default figures.
 */
export function createMetrics(options: { db: Db; pageCache: PageCache | null; token: string | undefined }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["route", "method", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const { pageCache, db } = options;
  if (pageCache) {
    const counted = { hits: 0, misses: 0, staleHits: 0, refreshes: 0, failedRefreshes: 0 };
    const counter = (name: string, help: string, kind: keyof typeof counted) =>
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.inc(pageCache.stats[kind] - counted[kind]);
          counted[kind] = pageCache.stats[kind];
        },
      });
    counter("page_cache_hits_total", "Requests answered from the page cache", "hits");
    counter(
      "page_cache_misses_total",
      "Cacheable requests the page cache did not hold (rendered, or shared a rendering)",
      "misses",
    );
    counter(
      "page_cache_stale_hits_total",
      "Hits answered with a stale copy while its page was refreshed (counted in the hits too)",
      "staleHits",
    );
    counter("page_cache_refreshes_total", "Background renderings of stale pages begun", "refreshes");
    counter(
      "page_cache_failed_refreshes_total",
      "Background renderings that failed, leaving the stale copy in place",
      "failedRefreshes",
    );
    gauge(registry, "page_cache_pages", "Pages held", () => pageCache.size.pages);
    gauge(
      registry,
      "page_cache_bytes",
      "Bytes held (pages, their compressed copies and headers)",
      () => pageCache.size.bytes,
    );
  }
  // SQLite has no pool: one connection in the process, no figures to give.
  if (poolStats(db)) {
    const pool = () => poolStats(db)!;
    gauge(registry, "db_pool_connections", "PostgreSQL connections open in this instance's pool", () => pool().total);
    gauge(registry, "db_pool_idle_connections", "PostgreSQL connections open and idle", () => pool().idle);
    gauge(registry, "db_pool_waiting_queries", "Queries waiting for a connection", () => pool().waiting);
    gauge(registry, "db_pool_max_connections", "The pool's limit (DATABASE_POOL_MAX)", () => pool().max);
  }

  const expected = options.token ? digest(`Bearer ${options.token}`) : null;
  return {
    observeRequest(route, method, status, seconds) {
      const labels = { route, method: METHODS.has(method) ? method : "other", status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    async answer(authorization) {
      const headers: Record<string, string> = { "Cache-Control": "no-store" };
      if (expected && !(authorization && timingSafeEqual(digest(authorization), expected))) {
        return {
          status: 401,
          headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": "Bearer" },
          body: "Unauthorized: send Authorization: Bearer <METRICS_TOKEN>.\n",
        };
      }
      return {
        status: 200,
        headers: { ...headers, "Content-Type": registry.contentType },
        body: await registry.metrics(),
      };
    },
  };
}

/** A gauge read when scraped. */
function gauge(registry: Registry, name: string, help: string, read: () => number) {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** METRICS_PORT's own server: /metrics and nothing else, so a firewall rule for that port covers all of it. */
export function metricsListener(metrics: Metrics): RequestListener {
  return (req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found\n");
      return;
    }
    void metrics.answer(req.headers.authorization).then(({ status, headers, body }) => {
      res.writeHead(status, headers).end(req.method === "HEAD" ? undefined : body);
    });
  };
}
