import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInstance, type Instance } from "../support/server-process";
import { createTestDatabase, engineName, usingPostgres, type TestDatabase } from "../support/test-db";

// The real server in a process of its own, read from its standard output as an operator's log collector would.

let t: TestDatabase;
let server: Instance;
const TOKEN = "a-metrics-token-for-tests";

beforeAll(async () => {
  t = await createTestDatabase();
  server = await startServer({
    LOG_LEVEL: "info",
    TRUST_PROXY: "true",
    INSTANCE_NAME: "site-a",
    METRICS_TOKEN: TOKEN,
    PAGE_CACHE: "on",
  });
}, 120_000);
afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill("SIGKILL");
  await t.cleanup();
});

const startServer = (env: Record<string, string>) =>
  startInstance({ DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl ?? "", SEED_DEMO: "false", PUBLIC_URL: "", ...env });

type Line = Record<string, unknown> & { level: string; msg: string };

/** Every line the server has written, each parsed as the JSON object it must be. */
const linesOf = (instance: Instance): Line[] =>
  instance
    .output()
    .split("\n")
    .filter(Boolean)
    .map((text) => {
      try {
        return JSON.parse(text) as Line;
      } catch {
        throw new Error(`not a JSON line: ${text}`);
      }
    });

/** The lines written for one request: the request's own line comes when its answer has gone out. */
async function linesFor(instance: Instance, requestId: string, count = 1): Promise<Line[]> {
  const deadline = Date.now() + 5000;
  while (linesOf(instance).filter((line) => line.requestId === requestId).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  // A moment more, to see that nothing else follows.
  await new Promise((r) => setTimeout(r, 100));
  return linesOf(instance).filter((line) => line.requestId === requestId);
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, { headers, redirect: "manual" }).then(async (response) => {
    await response.arrayBuffer();
    return response;
  });

/** Runs `work` while the database has no table by that name (a query on it fails as in an outage). */
async function withoutTable(table: string, work: () => Promise<void>) {
  await sql`alter table ${sql.raw(table)} rename to ${sql.raw(`${table}_away`)}`.execute(t.db);
  try {
    await work();
  } finally {
    await sql`alter table ${sql.raw(`${table}_away`)} rename to ${sql.raw(table)}`.execute(t.db);
  }
}

describe(`logs on ${engineName}`, () => {
  it("writes one JSON line per request: time, level, request id, instance, method, path without its query, status, ms, client", async () => {
    // A parameter the page reads (a made-up one would be sent to the clean address first).
    const response = await get("/contact-us?product_name=secret-value", { "X-Forwarded-For": "203.0.113.9, 10.0.0.1" });
    expect(response.status).toBe(200);
    const id = response.headers.get("X-Request-Id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = await linesFor(server, id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      instance: "site-a",
      requestId: id,
      method: "GET",
      path: "/contact-us",
      status: 200,
      route: "routes/site/contact",
      client: "203.0.113.9",
    });
    expect(Date.parse(lines[0].time as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(lines[0].ms).toEqual(expect.any(Number));
    expect(server.output()).not.toContain("secret-value");
  });

  it("writes an error inside a request once, as one line with the request's id and the stack as one field", async () => {
    let id = "";
    await withoutTable("product_categories", async () => {
      // The page's data, which the start's warm-up did not ask for (its pages are answered from the page cache).
      const response = await get("/our-products.data");
      id = response.headers.get("X-Request-Id")!;
    });
    const lines = await linesFor(server, id, 2);
    const errors = lines.filter((line) => line.level === "error");
    // The page reads the missing table more than once (the list, the menu): the same failure is written once.
    expect(errors, JSON.stringify(lines)).toHaveLength(1);
    const err = errors[0].err as { message: string; stack: string };
    expect(err.message).toContain("product_categories");
    expect(err.stack.split("\n").length).toBeGreaterThan(2);
    expect(errors[0]).toMatchObject({ instance: "site-a", requestId: id });
    expect(lines.filter((line) => line.level === "info")).toHaveLength(1);
  });

  it.runIf(usingPostgres)(
    "writes the same failure once per request while the database is stalled (every query ends the same way)",
    async () => {
      const stalled = await startServer({ LOG_LEVEL: "info", PAGE_CACHE: "off", DATABASE_STATEMENT_TIMEOUT_MS: "300" });
      // Another session holds the tables the page reads: each of its queries is ended by the statement timeout.
      const holder = new pg.Client({ connectionString: t.databaseUrl });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("lock table site_settings, product_categories in access exclusive mode");
        const response = await fetch(`${stalled.origin}/our-products`);
        await response.text();
        const lines = await linesFor(stalled, response.headers.get("X-Request-Id")!, 2);
        const errors = lines.filter((line) => line.level === "error");
        expect(errors, JSON.stringify(lines)).toHaveLength(1);
        expect((errors[0].err as { message: string }).message).toMatch(/statement timeout/);
      } finally {
        await holder.query("rollback").catch(() => {});
        await holder.end();
        stalled.child.kill("SIGKILL");
      }
    },
    60_000,
  );

  it("writes a background task's repeated failure (the page cache's version check) once, not on every check", async () => {
    await get("/about-us");
    const before = linesOf(server).length;
    await withoutTable("content_version", async () => {
      // The version is checked every half second while pages are asked for: about eight checks, all failing.
      const until = Date.now() + 4000;
      while (Date.now() < until) {
        expect((await get("/about-us")).status).toBe(200);
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    const failures = linesOf(server)
      .slice(before)
      .filter((line) => line.level === "error");
    expect(failures.map((line) => line.msg)).toEqual(["[page-cache] could not read the content version"]);
    expect(failures[0].requestId).toBeUndefined();
  });

  it("echoes an X-Request-Id on every answer: pages, cached pages, files, health checks, refusals", async () => {
    const answers = [
      await get("/about-us"),
      await get("/about-us"), // from the page cache, before the app
      await get("/favicon.svg"),
      await get("/healthz"),
      await get("/no-such-page"),
      await fetch(`${server.origin}/contact-us`, { method: "POST", headers: { Origin: "https://evil.example" } }),
    ];
    const ids = answers.map((response) => response.headers.get("X-Request-Id"));
    expect(
      ids.every((id) => id && /^[0-9a-f-]{36}$/.test(id)),
      ids.join(),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers.map((response) => response.headers.get("X-Instance"))).toEqual(ids.map(() => "site-a"));
    const { text } = await metricsText();
    expect(Number(text.match(/^page_cache_hits_total (\d+)/m)?.[1])).toBeGreaterThan(0);
  });

  it("keeps a well-formed X-Request-Id from the trusted proxy, and makes its own for anything else", async () => {
    const kept = await get("/healthz", { "X-Request-Id": "nginx-0123456789abcdef" });
    expect(kept.headers.get("X-Request-Id")).toBe("nginx-0123456789abcdef");
    expect(await linesFor(server, "nginx-0123456789abcdef")).toHaveLength(1);
    for (const bad of ["x".repeat(200), 'a"b', "a b", "<script>"]) {
      const replaced = await get("/healthz", { "X-Request-Id": bad });
      expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

async function metricsText(token = TOKEN, instance = server) {
  const response = await fetch(`${instance.origin}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe(`metrics on ${engineName}`, () => {
  it("refuses /metrics without the token", async () => {
    const none = await get("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toBe("Bearer");
    expect((await metricsText("wrong-token")).status).toBe(401);
  });

  it("with the token: requests by route and status, the page cache, the pool, the event loop and the process", async () => {
    await get("/our-products");
    await get("/products/no-such-category-q7x/no-such-product-q7x");
    const { status, headers, text } = await metricsText();
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(headers.get("Cache-Control")).toBe("no-store");
    const families = [
      "http_requests_total",
      "http_request_duration_seconds",
      "page_cache_hits_total",
      "page_cache_misses_total",
      "page_cache_stale_hits_total",
      "page_cache_refreshes_total",
      "page_cache_failed_refreshes_total",
      "page_cache_pages",
      "page_cache_bytes",
      "nodejs_eventloop_lag_seconds",
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      ...(usingPostgres ? ["db_pool_connections", "db_pool_idle_connections", "db_pool_waiting_queries"] : []),
    ];
    for (const family of families) expect(text, family).toMatch(new RegExp(`^# TYPE ${family} `, "m"));
    if (!usingPostgres) expect(text).not.toContain("db_pool_");
    expect(text).toMatch(/^http_requests_total\{route="routes\/site\/our-products",method="GET",status="200"\} \d+/m);
    expect(text).toMatch(/^http_requests_total\{route="routes\/site\/product",method="GET",status="404"\} \d+/m);
    // A label is a route, never the path a stranger chose.
    expect(text).not.toContain("q7x");
    expect(Number(text.match(/^page_cache_pages (\d+)/m)?.[1])).toBeGreaterThan(0);
  });

  it("is never cached, nor listed in the sitemap: the second scrape counts the first", async () => {
    expect(await (await fetch(`${server.origin}/sitemap.xml`)).text()).not.toContain("/metrics");
    const first = (await metricsText()).text;
    const second = (await metricsText()).text;
    const count = (text: string) =>
      Number(text.match(/^http_requests_total\{route="metrics",method="GET",status="200"\} (\d+)/m)?.[1] ?? 0);
    expect(count(second)).toBe(count(first) + 1);
  });
});

describe(`start-up and metrics options on ${engineName}`, () => {
  it("without METRICS_TOKEN, /metrics is a 404; with METRICS_PORT, only that port answers it; no TRUST_PROXY, no warning", async () => {
    const plain = await startServer({ LOG_LEVEL: "warn" });
    try {
      expect((await fetch(`${plain.origin}/metrics`)).status).toBe(404);
      expect(plain.output()).not.toContain("TRUST_PROXY");
      // Not behind a trusted proxy: a client's own X-Request-Id is not taken, and no X-Instance without a name.
      const answer = await fetch(`${plain.origin}/healthz`, { headers: { "X-Request-Id": "chosen-by-client" } });
      expect(answer.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers.get("X-Instance")).toBeNull();
      // At warn, no request lines, but the lines that say where it listens, still as JSON.
      expect(linesOf(plain).map((line) => line.msg)).toEqual([
        expect.stringMatching(/^\[server\] listening on http:\/\/127\.0\.0\.1:\d+ /),
        "[setup] No administrator exists yet. Create the first one here (one-time link):",
        expect.stringMatching(/^\[setup\] http:\/\/127\.0\.0\.1:\d+\/admin\/setup\?token=[\w-]+$/),
      ]);
    } finally {
      plain.child.kill("SIGKILL");
    }

    const separate = await startServer({ LOG_LEVEL: "error", TRUST_PROXY: "true", METRICS_PORT: "0" });
    try {
      // The warning is printed whatever LOG_LEVEL says.
      const warning = linesOf(separate).find((line) => line.msg.includes("TRUST_PROXY=true"));
      expect(warning).toMatchObject({ level: "warn" });
      expect(warning!.msg).toMatch(/X-Forwarded-For.*throttle/);
      expect((await fetch(`${separate.origin}/metrics`)).status).toBe(404);
      const url = linesOf(separate)
        .map((line) => line.msg.match(/^\[server\] metrics on (http:\/\/\S+)$/)?.[1])
        .find(Boolean);
      expect(url).toBeDefined();
      const scrape = await fetch(url!);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toMatch(/^# TYPE http_requests_total counter/m);
      expect((await fetch(url!.replace("/metrics", "/"))).status).toBe(404);
    } finally {
      separate.child.kill("SIGKILL");
    }
  }, 120_000);
});
