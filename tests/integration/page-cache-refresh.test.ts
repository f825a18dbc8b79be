import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  raiseContentVersion,
  readChangesSince,
  readContentVersion,
  recordPageChange,
} from "~/features/page-cache/content-version.server";
import { PageCache, type Rendered } from "~/features/page-cache/store.server";
import { noOtherInstances } from "../support/page-cache";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// Dropping only what changed, and stale while revalidating (ADR 0027), on the cache itself: what a change makes
// stale, how many renderings refresh a stale page, and what a failed refresh leaves.

const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
const rendered = (body: string, ...shows: string[]): Rendered => ({ response: html(body), shows: new Set(shows) });
const text = (page: { identity: { body: Uint8Array } } | undefined) =>
  page && new TextDecoder().decode(page.identity.body);

/** A cache whose background renderings answer from `pages` (key → body), counting each one. */
function cacheRenderingFrom(pages: Map<string, () => Promise<Rendered>>) {
  let now = 0;
  const cache = new PageCache({ maxBytes: 1 << 20, changes: noOtherInstances, now: () => now });
  const renders: string[] = [];
  cache.setRenderer(async (key) => {
    renders.push(key);
    return pages.get(key)!();
  });
  return { cache, renders, advance: (ms: number) => (now += ms) };
}

describe("a change makes stale only the pages that show it", () => {
  it("marks the pages showing a changed tag stale, and those that declared nothing, but no other", async () => {
    const cache = new PageCache({ maxBytes: 1 << 20, changes: noOtherInstances });
    await cache.fill("/products/onions/red", async () => rendered("red", "product:1", "category:1"));
    await cache.fill("/blog/harvest", async () => rendered("post", "post:7"));
    await cache.fill("/undeclared", async () => rendered("?"));
    await cache.contentChanged(new Set(["category:1"]));
    expect(cache.isStale("/products/onions/red")).toBe(true);
    expect(cache.isStale("/undeclared")).toBe(true);
    expect(cache.isStale("/blog/harvest")).toBe(false);
    await cache.contentChanged("everything");
    expect(cache.isStale("/blog/harvest")).toBe(true);
  });

  it("stores a page whose rendering began before a change to what it shows as stale", async () => {
    const cache = new PageCache({ maxBytes: 1 << 20, changes: noOtherInstances });
    await cache.fill("/a", async () => {
      await cache.contentChanged(new Set(["product:1"]));
      return rendered("old", "product:1");
    });
    await cache.fill("/b", async () => {
      await cache.contentChanged(new Set(["product:1"]));
      return rendered("unrelated", "product:2");
    });
    expect(cache.isStale("/a")).toBe(true);
    expect(cache.isStale("/b")).toBe(false);
  });
});

describe("stale while revalidating", () => {
  it("serves the stale copy to concurrent visitors while exactly one rendering refreshes it", async () => {
    let body = "v1";
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { cache, renders } = cacheRenderingFrom(
      new Map([
        [
          "/p",
          async () => {
            await gate;
            return rendered(body, "product:1");
          },
        ],
      ]),
    );
    await cache.fill("/p", async () => rendered("v1", "product:1"));
    body = "v2";
    await cache.contentChanged(new Set(["product:1"]));
    const served = Array.from({ length: 50 }, () => text(cache.lookup("/p")));
    expect(served.every((page) => page === "v1")).toBe(true);
    expect(renders).toEqual(["/p"]);
    release();
    await cache.settled();
    expect(text(cache.lookup("/p"))).toBe("v2");
    expect(cache.isStale("/p")).toBe(false);
    expect(renders).toEqual(["/p"]);
  });

  it("keeps the last good copy when the refresh fails, and tries again a second later", async () => {
    let fail = true;
    const { cache, renders, advance } = cacheRenderingFrom(
      new Map([
        [
          "/error",
          async () => {
            if (fail) throw new Error("database away");
            return rendered("recovered", "settings");
          },
        ],
        ["/5xx", async () => ({ response: html("oops", 503), shows: new Set(["settings"]) })],
        [
          "/incomplete",
          async () => ({
            response: new Response("fallback", {
              headers: { "Content-Type": "text/html", "Cache-Control": "no-store" },
            }),
            shows: new Set(["settings"]),
          }),
        ],
      ]),
    );
    for (const key of ["/error", "/5xx", "/incomplete"])
      await cache.fill(key, async () => rendered("good", "settings"));
    await cache.contentChanged(new Set(["settings"]));
    for (const key of ["/error", "/5xx", "/incomplete"]) expect(text(cache.lookup(key))).toBe("good");
    await cache.settled();
    for (const key of ["/error", "/5xx", "/incomplete"]) {
      expect(text(cache.lookup(key))).toBe("good");
      expect(cache.isStale(key)).toBe(true);
    }
    expect(renders).toHaveLength(3); // not again at once: the next try waits a second
    fail = false;
    advance(1001);
    expect(text(cache.lookup("/error"))).toBe("good");
    await cache.settled();
    expect(text(cache.lookup("/error"))).toBe("recovered");
  });

  it("drops the stale copy of a page that is gone or moved", async () => {
    const { cache } = cacheRenderingFrom(
      new Map([["/gone", async () => ({ response: html("Page Not Found", 404), shows: new Set(["product:9"]) })]]),
    );
    await cache.fill("/gone", async () => rendered("here", "product:9"));
    await cache.contentChanged(new Set(["product:9"]));
    expect(text(cache.lookup("/gone"))).toBe("here");
    await cache.settled();
    expect(cache.lookup("/gone")).toBeUndefined();
  });

  it("counts stale copies in the byte budget", async () => {
    const { cache } = cacheRenderingFrom(new Map());
    for (let i = 0; i < 50; i++) await cache.fill(`/p${i}`, async () => rendered("x".repeat(900), `product:${i}`));
    const before = cache.size;
    await cache.contentChanged("everything");
    expect(cache.size).toEqual(before);
  });
});

describe(`the change feed between instances on ${engineName}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.cleanup());

  it("gives each change a version and tells another instance what it changed", async () => {
    const start = await readContentVersion(t.db);
    const first = await recordPageChange(t.db, new Set(["product:1", "products-in:2"]));
    const second = await recordPageChange(t.db, new Set(["settings"]));
    expect([first, second]).toEqual([start + 1, start + 2]);
    await raiseContentVersion(t.db); // a restore: everything
    const { version, changes } = await readChangesSince(t.db, start);
    expect(version).toBe(start + 3);
    expect(changes.map((change) => (change === "everything" ? change : [...change].sort()))).toEqual([
      ["product:1", "products-in:2"],
      ["settings"],
      "everything",
    ]);
    expect(await readChangesSince(t.db, version)).toEqual({ version, changes: [] });
  });

  it("makes the pages showing what another instance changed stale, and no other", async () => {
    const feed = {
      read: (since: number) => readChangesSince(t.db, since),
      record: (change: Parameters<typeof recordPageChange>[1]) => recordPageChange(t.db, change),
    };
    let now = 0;
    const one = new PageCache({ maxBytes: 1 << 20, changes: feed, now: () => now });
    const other = new PageCache({ maxBytes: 1 << 20, changes: feed, now: () => now });
    await other.ensureFresh(); // learns the current version
    await other.fill("/products/onions/red", async () => rendered("red", "product:1"));
    await other.fill("/blog/harvest", async () => rendered("post", "post:7"));
    await one.contentChanged(new Set(["product:1"]));
    now += 1000;
    await other.ensureFresh();
    expect(other.isStale("/products/onions/red")).toBe(true);
    expect(other.isStale("/blog/harvest")).toBe(false);
  });
});

describe(`refreshing stale pages through the server on ${engineName}`, () => {
  let t: TestDatabase;
  let site: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    site = await createTestApp(t.db, t.dataDir, { pageCache: true });
    cookie = (await signedInAs(t.db, "admin")).cookie;
  });
  afterAll(() => t.cleanup());

  const cache = () => site.app.pageCache!;
  const saveAboutHeading = async (heading: string) => {
    const saved = await site.request("/admin/edit-pages/about-us", { form: { about_main_heading: heading }, cookie });
    expect(saved.status).toBe(302);
  };
  const aboutText = async () => (await site.request("/about-us")).text();

  it("answers fifty visitors of a changed page with the old copy and renders it once", async () => {
    await saveAboutHeading("Before The Burst");
    await aboutText();
    await cache().settled();
    expect(await aboutText()).toContain("Before The Burst");
    await saveAboutHeading("After The Burst");
    const refreshes = cache().stats.refreshes;
    const pages = await Promise.all(Array.from({ length: 50 }, aboutText));
    expect(pages.every((html) => html.includes("Before The Burst"))).toBe(true);
    expect(cache().stats.refreshes - refreshes).toBe(1);
    await cache().settled();
    expect(await aboutText()).toContain("After The Burst");
  });

  it("keeps the last good copy while the page cannot be rendered, and refreshes it once it can", async () => {
    await saveAboutHeading("Last Good Copy");
    await aboutText();
    await cache().settled();
    await saveAboutHeading("Written Before The Outage");
    const move = (from: string, to: string) => sql`alter table ${sql.raw(from)} rename to ${sql.raw(to)}`.execute(t.db);
    await move("page_content", "page_content_away");
    try {
      const failed = cache().stats.failedRefreshes;
      expect(await aboutText()).toContain("Last Good Copy");
      await cache().settled();
      expect(cache().stats.failedRefreshes - failed).toBe(1);
      expect(await aboutText()).toContain("Last Good Copy");
    } finally {
      await move("page_content_away", "page_content");
    }
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the next try waits a second
    await aboutText();
    await cache().settled();
    expect(await aboutText()).toContain("Written Before The Outage");
  });
});
