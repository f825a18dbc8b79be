import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { listenOnLoopback, overTheWire } from "../support/over-the-wire";
import { startStallingProxy } from "../support/stall-proxy";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let proxy: Awaited<ReturnType<typeof startStallingProxy>>;
let db: Db;
const STATEMENT_TIMEOUT_MS = 1000;
const FAILED_TO_LOAD = "Failed to load product categories. Please try again later.";

// A PostgreSQL server that stops answering; an SQLite file is in the process and cannot stall this way.
describe.skipIf(!usingPostgres)("when PostgreSQL stops answering", () => {
  beforeAll(async () => {
    t = await createTestDatabase();
    const url = new URL(t.databaseUrl!);
    proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    db = createDatabase({
      databaseUrl: url.toString(),
      dataDir: t.dataDir,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await db?.destroy().catch(() => {});
    await t?.cleanup();
  });

  it("/healthz says 503 within 2 s, pages show their error state at once and are not cached, and both recover", async () => {
    const { request } = await createTestApp(db, t.dataDir, { pageCache: true });
    expect((await request("/healthz")).status).toBe(200);

    proxy.stall();
    // Resumed whatever fails here, or the next test would start on a stalled database.
    onTestFinished(() => proxy.resume());
    await new Promise((r) => setTimeout(r, 1100)); // past the health check's one second of trust
    let started = Date.now();
    const health = await request("/healthz");
    expect(health.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);

    // Spec §4: the list's error toast over an empty list, within the statement timeout, never kept by a cache.
    started = Date.now();
    const page = await request("/our-products");
    // Its reads run in turn (the page cache's version check, languages, settings, the loader's own), each cut at
    // the statement timeout: a few seconds, never PostgreSQL's own 15 s or a hang. Not a speed figure: a busy CI
    // host took 4.2 s for the 3.7 s of a quiet one.
    expect(Date.now() - started).toBeLessThan(6 * STATEMENT_TIMEOUT_MS);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toContain(FAILED_TO_LOAD);

    proxy.resume();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && (status = (await request("/healthz")).status) !== 200)
      await new Promise((r) => setTimeout(r, 200));
    expect(status).toBe(200);
    const recovered = await request("/our-products");
    expect(recovered.status).toBe(200);
    expect(await recovered.text()).not.toContain(FAILED_TO_LOAD);
  }, 30_000);

  it("keeps answering cached pages at once while the database is stalled", async () => {
    // Timeouts as long as in production (the page cache's version check would wait for them): only the cache's own
    // deadline can keep pages quick.
    const url = new URL(t.databaseUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    const patientDb = createDatabase({
      databaseUrl: url.toString(),
      dataDir: t.dataDir,
      statementTimeoutMs: 15_000,
      connectTimeoutMs: 15_000,
    });
    const { app } = await createTestApp(patientDb, t.dataDir, { pageCache: true });
    const server = await listenOnLoopback(app);
    try {
      const first = await overTheWire(`${server.origin}/about-us`);
      expect(first.status).toBe(200);
      proxy.stall();
      const slowest = { ms: 0 };
      const until = Date.now() + 3000; // past the cache's 1 s promise, three times over
      let answered = 0;
      while (Date.now() < until) {
        const started = Date.now();
        const page = await overTheWire(`${server.origin}/about-us`);
        slowest.ms = Math.max(slowest.ms, Date.now() - started);
        expect(page.status).toBe(200);
        expect(page.headers.etag).toBe(first.headers.etag);
        answered++;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(answered).toBeGreaterThan(10);
      expect(slowest.ms).toBeLessThan(500);
    } finally {
      proxy.resume();
      await server.close();
      await patientDb.destroy().catch(() => {});
    }
  }, 60_000);
});
