import { afterRefresh, noOtherInstances } from "../support/page-cache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "~/lib/time";
import { PageCache } from "~/features/page-cache/store.server";
import { listenOnLoopback, overTheWire, type WireResponse } from "../support/over-the-wire";
import { createAdminTestApp, createTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// What a stranger with curl can do to the page cache (issue 22), against the real server on a real socket.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let productId: string;
const CATEGORY = "/products/abuse-onions";
const PRODUCT = `${CATEGORY}/abuse-red-onion`;

beforeAll(async () => {
  ({ t, app, admin } = await createAdminTestApp({ pageCache: true }));
  const categoryId = await insertCategory(t.db, { name: "Abuse Onions", slug: "abuse-onions" });
  productId = newId();
  await insertProduct(t.db, {
    id: productId,
    category_id: categoryId,
    name: "Abuse Red Onion",
    slug: "abuse-red-onion",
    description: "Red onions from Nashik.",
  });
  server = await listenOnLoopback(app.app);
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

const get = (pathname: string, headers?: Record<string, string>) => overTheWire(server.origin + pathname, headers);

/** A POST over the socket, with a body or only a declared length (the server must answer before reading it). */
const post = (pathname: string, headers: Record<string, string>, body = "") =>
  overTheWire(server.origin + pathname, headers, "POST", body);

describe(`query strings a page does not read, on ${engineName}`, () => {
  it("answers 301 to the page's own address, so no copy is rendered or kept per query string", async () => {
    const robots = await get("/robots.txt?v=1&fill");
    expect(robots.status).toBe(301);
    expect(robots.headers.location).toBe("/robots.txt");

    const longTerm = "q".repeat(15_000);
    const category = await get(`${CATEGORY}?q=${longTerm}`);
    expect(category.status).toBe(301);
    expect(category.headers.location).toBe(CATEGORY);
    expect(category.body.length).toBeLessThan(1000);
    // The parameters a page reads stay, in one order, first value only.
    expect((await get(`${CATEGORY}?utm_source=x&page=2&page=3`)).headers.location).toBe(`${CATEGORY}?page=2`);
    expect((await get(`/contact-us?product_name=Red+Onion&ref=1`)).headers.location).toBe(
      "/contact-us?product_name=Red+Onion",
    );
    // Its own address is served as it is, however the value is spelled; so are React Router's data requests.
    expect((await get(`/contact-us?product_name=Red%20Onion`)).status).toBe(200);
    expect((await get(`${CATEGORY}.data`)).status).toBe(200);
    const routes = encodeURIComponent("routes/site/category");
    expect((await get(`${CATEGORY}.data?_routes=${routes}`)).status).toBe(200);
    expect((await get(`${CATEGORY}.data?_routes=${routes}&q=${longTerm}`)).headers.location).toBe(
      `${CATEGORY}.data?_routes=${routes}`,
    );
  });

  it("keeps a page's size whatever is appended to its address", async () => {
    const clean = await get(CATEGORY);
    expect(clean.status).toBe(200);
    // Followed as a browser would: the page is the clean one, without the 15 KB term in its forms.
    const appended = await get(`${CATEGORY}?q=${"q".repeat(15_000)}`);
    const followed = await get(appended.headers.location!);
    expect(followed.body.length).toBe(clean.body.length);
  });
});

describe("the page cache's memory", () => {
  const page = (body: string) => new Response(body, { headers: { "Content-Type": "text/plain" } });

  it("counts each page's key and its bookkeeping, not only its bytes", async () => {
    const cache = new PageCache({ maxBytes: 1024 * 1024, changes: noOtherInstances });
    const key = `/robots.txt?${"v".repeat(20_000)}`;
    await cache.fill(key, async () => ({ response: page("tiny"), shows: new Set() }));
    expect(cache.size.pages).toBe(1);
    expect(cache.size.bytes).toBeGreaterThan(20_000 + 1024);
  });

  it("keeps a few hundred small pages in a megabyte, not tens of thousands, dropping the least recently used", async () => {
    const cache = new PageCache({ maxBytes: 1024 * 1024, changes: noOtherInstances });
    for (let i = 0; i < 5000; i++) {
      await cache.fill(`/robots.txt?v=${i}`, async () => ({
        response: page(`User-agent: *\n# ${i}`),
        shows: new Set(),
      }));
      if (i % 100 === 0) cache.lookup("/robots.txt?v=0"); // used throughout: never the least recently used
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.size.pages).toBeLessThan(1000);
    expect(cache.lookup("/robots.txt?v=0")).toBeDefined();
    expect(cache.lookup("/robots.txt?v=4999")).toBeDefined();
    expect(cache.lookup("/robots.txt?v=1")).toBeUndefined();
  });
});

describe(`mixed-case paths on ${engineName}`, () => {
  it("gets the back office's rules: no-store on its data, and a write empties the page cache", async () => {
    const data = await get("/Admin/Inquiries.data", { Cookie: admin.cookie });
    expect(data.headers["cache-control"]).toBe("no-store");
    const page = await get("/ADMIN/INQUIRIES", { Cookie: admin.cookie });
    expect(page.headers["cache-control"]).toBe("no-store");

    expect((await get("/about-us")).status).toBe(200); // cached now
    const saved = await post(
      "/ADMIN/EDIT-PAGES/ABOUT-US",
      {
        Cookie: admin.cookie,
        Origin: server.origin,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      new URLSearchParams({ about_main_heading: "Shouted Heading" }).toString(),
    );
    expect(saved.status).toBe(302);
    const after = await afterRefresh(app.app.pageCache, () => get("/about-us"));
    expect(after.body.toString()).toContain("Shouted Heading");
  });

  it("never caches the quote page under another spelling", async () => {
    await get("/Request-Quote"); // an anonymous visitor's empty list
    const withList = await get("/Request-Quote", { Cookie: `quote_list=${productId}` });
    expect(withList.body.toString()).toContain("Abuse Red Onion");
    expect(withList.headers.etag).toBeUndefined();
  });
});

describe(`a buyer with a quote list, on ${engineName}`, () => {
  it("gets public pages from the cache, the same bytes as everyone", async () => {
    const anonymous = await get(PRODUCT);
    expect(anonymous.status).toBe(200);
    const buyer = await get(PRODUCT, { Cookie: `quote_list=${productId}` });
    expect(buyer.status).toBe(200);
    expect(buyer.headers.etag).toBe(anonymous.headers.etag);
    expect(buyer.headers["cache-control"]).toBe("no-cache");
    expect(buyer.body.equals(anonymous.body)).toBe(true);
  });

  it("gets the catalogue PDF from the cache too", async () => {
    const first = await get("/catalogue.pdf", { Cookie: "quote_list=x" });
    expect(first.status).toBe(200);
    const second = await get("/catalogue.pdf", { Cookie: "quote_list=x" });
    expect(second.headers.etag).toBeTruthy();
    expect(second.headers.etag).toBe(first.headers.etag);
  });
});

describe(`security headers on every answer, on ${engineName}`, () => {
  const SECURITY_HEADERS = [
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "cross-origin-opener-policy",
    "permissions-policy",
    "content-security-policy",
  ];
  const expectSecurityHeaders = (response: WireResponse, what: string) => {
    for (const name of SECURITY_HEADERS) expect(response.headers[name], `${what}: ${name}`).toBeTruthy();
  };

  it("on pages, cached PDFs, compressed files, redirects and refusals", async () => {
    const sheet = `${PRODUCT}/spec-sheet.pdf`;
    expectSecurityHeaders(await get(sheet), "spec sheet, miss");
    const cachedSheet = await get(sheet);
    expect(cachedSheet.headers.etag).toBeTruthy();
    expectSecurityHeaders(cachedSheet, "spec sheet, from the cache");
    expectSecurityHeaders(await get(sheet, { "If-None-Match": cachedSheet.headers.etag! }), "spec sheet, 304");
    await get("/about-us");
    expectSecurityHeaders(await get("/about-us", { "Accept-Encoding": "br" }), "page from the cache");

    const favicon = await get("/favicon.svg", { "Accept-Encoding": "gzip" });
    expect(favicon.headers["content-encoding"]).toBe("gzip");
    expectSecurityHeaders(favicon, "gzip favicon");

    const crossOrigin = await post("/contact-us", {
      Origin: "https://evil.example",
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(crossOrigin.status).toBe(403);
    expectSecurityHeaders(crossOrigin, "403");

    const tooLarge = await post("/contact-us", {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(10 * 1024 * 1024),
    });
    expect(tooLarge.status).toBe(413);
    expectSecurityHeaders(tooLarge, "413");

    expectSecurityHeaders(await get("/robots.txt?v=2"), "301 for a query string");
    expectSecurityHeaders(await get("/no-such-page"), "404");
  });
});
