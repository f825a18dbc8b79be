import { afterRefresh, noOtherInstances } from "../support/page-cache";
import type { IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { inlineScriptHashes } from "~/lib/csp.server";
import { PageCache } from "~/features/page-cache/store.server";
import { listenOnLoopback, overTheWire } from "../support/over-the-wire";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, type TestDatabase } from "../support/test-db";

// The page cache (ADR 0018) through the real server: two app instances over one database, as two processes
// behind a load balancer would be.
let t: TestDatabase;
let secondDb: Db;
let app: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { pageCache: true });
  // Its own connection (pool or SQLite handle), as another process would have.
  secondDb = createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
  second = await createTestApp(secondDb, t.dataDir, { pageCache: true });
  admin = await signedInAs(t.db, "admin");
});
afterAll(async () => {
  await secondDb.destroy();
  await t.cleanup();
});

const saveAboutHeading = (heading: string) =>
  app.request("/admin/edit-pages/about-us", { form: { about_main_heading: heading }, cookie: admin.cookie });

/** A direct database change: nothing tells the cache, as with an edit made by another process's old code. */
const setHeadingInDatabase = (heading: string) =>
  t.db
    .updateTable("page_content")
    .set({ content: heading })
    .where("page_slug", "=", "about-us")
    .where("section_slug", "=", "about_main_heading")
    .execute();

describe(`page cache on ${engineName}`, () => {
  it("serves the second visitor the same bytes with a strong ETag, and 304 when theirs is current", async () => {
    await saveAboutHeading("Cached Heading One");
    const first = await app.request("/about-us");
    const again = await app.request("/about-us");
    const etag = again.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await again.text()).toContain("Cached Heading One");

    const revalidated = await app.request("/about-us", { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("ETag")).toBe(etag);
    const stale = await app.request("/about-us", { headers: { "If-None-Match": '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it("keeps brotli and gzip variants that decode to the page, each with an ETag of its own", async () => {
    const plain = await app.request("/about-us");
    const html = await plain.text();
    const br = await app.request("/about-us", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    const gz = await app.request("/about-us", { headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    const etags = new Set([plain, br, gz].map((r) => r.headers.get("ETag")));
    expect(etags.size).toBe(3);
    // A client holding the brotli variant's tag revalidates too.
    const revalidated = await app.request("/about-us", {
      headers: { "Accept-Encoding": "br", "If-None-Match": br.headers.get("ETag")! },
    });
    expect(revalidated.status).toBe(304);
  });

  it("serves the old copy while one rendering refreshes a changed page, then the new one", async () => {
    expect(await (await app.request("/about-us")).text()).toContain("Cached Heading One");
    expect((await saveAboutHeading("Changed Through The Back Office")).status).toBe(302);
    const during = await app.request("/about-us");
    expect(await during.text()).toContain("Cached Heading One");
    await app.app.pageCache!.settled();
    expect(await (await app.request("/about-us")).text()).toContain("Changed Through The Back Office");
  });

  it("shows the change on a second instance within a second", async () => {
    await saveAboutHeading("Before The Second Change");
    // Let the second instance see the version of this change, then cache the page under it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await (await second.request("/about-us")).text()).toContain("Before The Second Change");
    expect(await (await second.request("/about-us")).text()).toContain("Before The Second Change");

    await saveAboutHeading("Seen Everywhere");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const seen = await afterRefresh(second.app.pageCache, () => second.request("/about-us"));
    expect(await seen.text()).toContain("Seen Everywhere");
  });

  it("renders afresh for a signed-in visitor, while anonymous visitors get the cached page", async () => {
    await saveAboutHeading("What Everyone Sees");
    expect(await (await afterRefresh(app.app.pageCache, () => app.request("/about-us"))).text()).toContain(
      "What Everyone Sees",
    );
    await setHeadingInDatabase("Only Rendered For The Signed In");
    const signedIn = await app.request("/about-us", { cookie: admin.cookie });
    expect(signedIn.headers.get("ETag")).toBeNull();
    expect(await signedIn.text()).toContain("Only Rendered For The Signed In");
    expect(await (await app.request("/about-us")).text()).toContain("What Everyone Sees");
    // Another site's cookie changes nothing.
    const withOtherCookie = await app.request("/about-us", { cookie: "theme=dark" });
    expect(await withOtherCookie.text()).toContain("What Everyone Sees");
  });

  it("never lets a forged Host or forwarded host into a cached page", async () => {
    await saveAboutHeading("Host Test");
    const forged = await app.request("/about-us", {
      headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
    });
    expect(await forged.text()).not.toContain("evil.example");
    const next = await app.request("/about-us");
    expect(next.headers.get("ETag")).toBe(forged.headers.get("ETag"));
    expect(await next.text()).not.toContain("evil.example");
  });

  it("does not cache the contact page, which is made from the visitor's Referer", async () => {
    const contact = await app.request("/contact-us", { headers: { Referer: "http://localhost/products/x" } });
    expect(contact.status).toBe(200);
    expect(contact.headers.get("ETag")).toBeNull();
    expect(contact.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("gives a cached public page no inline script and a CSP that runs only the site's own script files (ADR 0058)", async () => {
    await app.request("/");
    const cached = await app.request("/");
    expect(cached.headers.get("ETag")).toBeTruthy();
    const csp = cached.headers.get("Content-Security-Policy")!;
    expect(csp.split("; ")).toContain("script-src 'self'");
    const html = await cached.text();
    expect(inlineScriptHashes(html)).toEqual([]);
    expect(html.match(/<script type="module" src="\/assets\/site-[\w-]+\.js"><\/script>/g)).toHaveLength(1);
  });

  it("answers HEAD from the cache without a body", async () => {
    await app.request("/gallery");
    const head = await app.request("/gallery", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toBeTruthy();
    expect(await head.text()).toBe("");
  });
});

describe("PageCache", () => {
  const page = (body: string, headers: Record<string, string> = {}) =>
    new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
  const cacheWith = (maxBytes = 1024 * 1024) => new PageCache({ maxBytes, changes: noOtherInstances });

  it("does not keep responses that set a cookie, are private, or are not 200", async () => {
    const cache = cacheWith();
    for (const response of [
      page("x", { "Set-Cookie": "a=b" }),
      page("x", { "Cache-Control": "private, no-cache" }),
      new Response("x", { status: 404, headers: { "Content-Type": "text/html" } }),
    ]) {
      const filled = await cache.fill("/p", async () => ({ response, shows: new Set() }));
      expect(filled.response).toBe(response);
      expect(cache.lookup("/p")).toBeUndefined();
    }
    await cache.fill("/p", async () => ({ response: page("kept"), shows: new Set() }));
    expect(cache.lookup("/p")).toBeDefined();
  });

  it("renders a page once for visitors who ask for it at the same time", async () => {
    const cache = cacheWith();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { response: page("<p>one</p>"), shows: new Set<string>() };
    };
    await Promise.all(Array.from({ length: 10 }, () => cache.fill("/same", render)));
    expect(renders).toBe(1);
  });

  it("stays within its byte budget, dropping the least recently used page", async () => {
    // Under 1 KB, stored without compressed variants: each counts some 2.5 KB with its bookkeeping; four fit.
    const cache = cacheWith(10_000);
    const body = "a".repeat(900);
    await cache.fill("/1", async () => ({ response: page(body), shows: new Set() }));
    await cache.fill("/2", async () => ({ response: page(body), shows: new Set() }));
    await cache.fill("/3", async () => ({ response: page(body), shows: new Set() }));
    cache.lookup("/1"); // used again: /2 is now the oldest
    await cache.fill("/4", async () => ({ response: page(body), shows: new Set() }));
    await cache.fill("/5", async () => ({ response: page(body), shows: new Set() }));
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.lookup("/2")).toBeUndefined();
    expect(cache.lookup("/1")).toBeDefined();
    expect(cache.lookup("/5")).toBeDefined();
  });

  it("does not store a page whose rendering began before the content changed", async () => {
    const cache = cacheWith();
    const filled = cache.fill("/race", async () => {
      await cache.contentChanged();
      return { response: page("rendered from the old content"), shows: new Set<string>() };
    });
    await filled;
    expect(cache.lookup("/race")).toBeUndefined();
  });

  it("keeps a page at most until the next UTC midnight, and does not store one begun before it", async () => {
    let wall = Date.parse("2027-05-10T23:59:59.000Z");
    const cache = new PageCache({
      maxBytes: 1024 * 1024,
      changes: noOtherInstances,
      wallClock: () => wall,
    });
    await cache.fill("/day", async () => ({ response: page("10 May"), shows: new Set() }));
    expect(cache.lookup("/day")).toBeDefined();
    wall = Date.parse("2027-05-10T23:59:59.999Z");
    expect(cache.lookup("/day")).toBeDefined();
    wall = Date.parse("2027-05-11T00:00:00.000Z");
    expect(cache.lookup("/day")).toBeUndefined();

    await cache.fill("/day", async () => ({ response: page("11 May"), shows: new Set() }));
    wall = Date.parse("2027-05-11T23:59:59.990Z");
    await cache.fill("/late", async () => {
      wall = Date.parse("2027-05-12T00:00:00.010Z");
      return { response: page("rendered across midnight"), shows: new Set<string>() };
    });
    expect(cache.lookup("/late")).toBeUndefined();
    expect(cache.lookup("/day")).toBeUndefined();
  });
});

describe(`page cache over a real socket on ${engineName}`, () => {
  let server: Awaited<ReturnType<typeof listenOnLoopback>>;
  beforeAll(async () => {
    server = await listenOnLoopback(app.app);
  });
  afterAll(() => server.close());

  const get = (pathname: string, headers?: Record<string, string>, method?: string) =>
    overTheWire(server.origin + pathname, headers, method);
  const without = (headers: IncomingHttpHeaders, ...names: string[]) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

  it("answers a hit with the same headers and bytes as the miss that stored it, each header once", async () => {
    await saveAboutHeading("Served From Memory");
    const miss = await afterRefresh(app.app.pageCache, () => get("/about-us", { "Accept-Encoding": "br" }));
    const hit = await get("/about-us", { "Accept-Encoding": "br" });
    expect(hit.status).toBe(200);
    expect(hit.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(hit.body).toString()).toContain("Served From Memory");
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(without(hit.headers, "date", "connection", "keep-alive", "x-request-id")).toEqual(
      without(miss.headers, "date", "connection", "keep-alive", "x-request-id"),
    );
    // Each answer its own id, the hit's as well.
    expect(hit.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers["x-request-id"]).not.toBe(miss.headers["x-request-id"]);
    const names = hit.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(hit.headers["content-length"]).toBe(String(hit.body.length));
    expect(hit.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(hit.headers["x-frame-options"]).toBe("DENY");
  });

  it("never keeps a page that shows a load failure, so the failure ends with the outage", async () => {
    await insertCategory(t.db, { name: "Outage Onions", slug: "outage-onions" });
    const renameCategories = (from: string, to: string) =>
      sql`alter table ${sql.raw(from)} rename to ${sql.raw(to)}`.execute(t.db);
    await renameCategories("product_categories", "product_categories_away");
    try {
      const failed = await app.request("/our-products");
      expect(failed.headers.get("Cache-Control")).toBe("no-store");
      expect(await failed.text()).toContain("Failed to load product categories. Please try again later.");
    } finally {
      await renameCategories("product_categories_away", "product_categories");
    }
    const recovered = await app.request("/our-products");
    const html = await recovered.text();
    expect(html).toContain("Outage Onions");
    expect(html).not.toContain("Failed to load product categories.");
  });

  it("answers 304 and HEAD from memory, and sends a signed-in visitor through the app", async () => {
    const hit = await get("/about-us");
    const revalidated = await get("/about-us", { "If-None-Match": hit.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const head = await get("/about-us", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(hit.body.length));

    await setHeadingInDatabase("Only For The Signed In Over The Wire");
    const signedIn = await get("/about-us", { Cookie: admin.cookie });
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.body.toString()).toContain("Only For The Signed In Over The Wire");
    expect((await get("/about-us")).body.toString()).not.toContain("Only For The Signed In Over The Wire");
  });

  it("answers HEAD of a page not cached yet as a page: HTML, revalidated, no body", async () => {
    const head = await get("/certificates-memberships", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.headers["cache-control"]).toBeTruthy();
    expect(head.body.length).toBe(0);
  });

  it("answers route discovery, whose Response.json() is not the kind @hono/node-server puts in its place", async () => {
    // Browsers ask for /__manifest before a client navigation to a route they have not loaded yet (the back office's:
    // public pages run no React in the browser, ADR 0058).
    const version = /"version":\s*"(\w+)"/.exec((await get("/admin/login")).body.toString())?.[1];
    expect(version).toBeTruthy();
    const paths = encodeURIComponent("/,/blog,/our-products");
    const response = await get(`/__manifest?paths=${paths}&version=${version}`);
    expect(response.status).toBe(200);
    expect(Object.keys(JSON.parse(response.body.toString()))).toContain("routes/site/blog");
  });
});
