import type { IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listenOnLoopback, overTheWire } from "../support/over-the-wire";
import { afterRefresh } from "../support/page-cache";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { enableLanguages, insertTranslation } from "../support/translations";

// A cache hit answered from Node's own request (issue 42, ADR 0037 decision 4) against the same request through the
// app: the same headers and bytes, for the product page in a language whose addresses are long once percent-encoded
// (Bengali's are some 300 characters) and for a buyer with a quote list. The app's own handler is watched: a hit
// never reaches it.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let throughApp: ReturnType<typeof vi.spyOn>;

const BN = { category: "তাজা-পেঁয়াজ", product: "নাসিকের-লাল-পেঁয়াজ" };
const BN_PATH = encodeURI(`/bn/products/${BN.category}/${BN.product}`);
const EN_PATH = "/products/hit-onions/hit-red-onion";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { pageCache: true });
  await enableLanguages(t.db, "bn");
  const category = await insertCategory(t.db, { name: "Hit Onions", slug: "hit-onions" });
  const product = await insertProduct(t.db, { category_id: category, name: "Hit Red Onion", slug: "hit-red-onion" });
  await insertTranslation(t.db, "category", category, "bn", { name: "তাজা পেঁয়াজ", slug: BN.category });
  await insertTranslation(t.db, "product", product, "bn", { name: "নাসিকের লাল পেঁয়াজ", slug: BN.product }, category);
  await app.app.pageCache!.contentChanged();
  // Watched before the listener is made: it takes the app's handler then, as server/serve.ts does.
  throughApp = vi.spyOn(app.app, "fetch");
  server = await listenOnLoopback(app.app);
});
afterAll(async () => {
  await server?.close();
  await t.cleanup();
});

const get = (pathname: string, headers?: Record<string, string>, method?: string) =>
  overTheWire(server.origin + pathname, headers, method);
/** What the two answers must share: every header but those Node writes per answer and the request's own id. */
const stored = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !["date", "connection", "keep-alive", "x-request-id"].includes(name)),
  );

describe(`a cache hit answered from Node's request, on ${engineName}`, () => {
  it.each([
    ["English", EN_PATH],
    ["Bengali", BN_PATH],
  ])(
    "gives the %s product page the headers and bytes the app gave, with a quote_list cookie too",
    async (_, pathname) => {
      expect(pathname.length).toBeGreaterThan(EN_PATH.length - 1);
      const miss = await afterRefresh(app.app.pageCache, () => get(pathname));
      expect(miss.status).toBe(200);
      throughApp.mockClear();
      const hit = await get(pathname);
      const buyer = await get(pathname, { Cookie: "quote_list=hit-product-1.hit-product-2" });
      const compressed = await get(pathname, { "Accept-Encoding": "gzip, br" });
      const revalidated = await get(pathname, { "If-None-Match": `W/${hit.headers.etag}` });
      const head = await get(pathname, {}, "HEAD");
      // None of them reached the app.
      expect(throughApp).not.toHaveBeenCalled();

      for (const answer of [hit, buyer]) {
        expect(answer.status).toBe(200);
        expect(stored(answer.headers)).toEqual(stored(miss.headers));
        expect(answer.body.equals(miss.body)).toBe(true);
        expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect(hit.headers["x-request-id"]).not.toBe(buyer.headers["x-request-id"]);
      expect(hit.headers["content-security-policy"]).toContain("default-src");
      expect(hit.headers["x-frame-options"]).toBe("DENY");
      expect(compressed.headers["content-encoding"]).toBe("br");
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.etag).toBe(hit.headers.etag);
      expect(revalidated.body.length).toBe(0);
      expect(head.headers["content-length"]).toBe(String(hit.body.length));
      expect(head.body.length).toBe(0);

      // The same requests through the app answer the same: what the app gives for a hit is what Node was given.
      const viaApp = await app.request(pathname);
      expect(viaApp.status).toBe(200);
      expect(Buffer.from(await viaApp.arrayBuffer()).equals(miss.body)).toBe(true);
      for (const [name, value] of Object.entries(stored(hit.headers)))
        if (name !== "content-length") expect(viaApp.headers.get(name), name).toBe(value);
      const revalidatedViaApp = await app.request(pathname, { headers: { "If-None-Match": hit.headers.etag! } });
      expect(revalidatedViaApp.status).toBe(304);
    },
  );

  it("sends a visitor with a session, and another spelling of a stored address, through the app", async () => {
    await get(EN_PATH);
    throughApp.mockClear();
    await get(EN_PATH, { Cookie: "session=not-a-session" });
    await get(EN_PATH.toUpperCase());
    await get(`${EN_PATH}/`);
    expect(throughApp).toHaveBeenCalledTimes(3);
  });
});
