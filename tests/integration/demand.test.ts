import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemandEvent } from "~/db/schema";
import { addDemandCounts } from "~/features/demand/demand-counts.server";
import { DemandTally, demandSubject } from "~/features/demand/demand-tally.server";
import { DemandVisitors } from "~/features/demand/demand-visitors.server";
import { demandReport } from "~/features/demand/demand-report.server";
import { insertDemandDay } from "../support/builders";
import { listenOnLoopback, overTheWire } from "../support/over-the-wire";
import { createTestApp, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertProduct,
  insertQuote,
  type TestDatabase,
  whileRefusing,
} from "../support/test-db";
import { enableLanguages } from "../support/translations";

// Demand counting (issue 28, ADR 0040) through the real server, as server/serve.ts serves it: two instances over one
// database, each with its page cache answering hits from Node's own request; views, downloads, adds and requests;
// robots, the team, HEAD and the country header; then the Demand screen's figures and who may see it.

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const PAGE = "/products/onions/red-onion";
const SHEET = `${PAGE}/spec-sheet.pdf`;

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: TestDatabase;
/** With DEMAND_COUNTRY_HEADER=CF-IPCountry. */
let a: App;
/** Without: the same header is not trusted. */
let b: App;
let aOrigin: string;
let bOrigin: string;
const closers: Array<() => Promise<void>> = [];
let red: string;
let garlic: string;
let shallot: string;

beforeAll(async () => {
  t = await createTestDatabase();
  // Behind a proxy (TRUST_PROXY): each visitor's address comes from X-Forwarded-For.
  a = await createTestApp(t.db, t.dataDir, { pageCache: true, demandCountryHeader: "cf-ipcountry", trustProxy: true });
  b = await createTestApp(t.db, t.dataDir, { pageCache: true, trustProxy: true });
  for (const app of [a, b]) {
    const served = await listenOnLoopback(app.app);
    closers.push(served.close);
    if (app === a) aOrigin = served.origin;
    else bOrigin = served.origin;
  }
  const onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  red = await insertProduct(t.db, { name: "Red Onion", slug: "red-onion", category_id: onions });
  garlic = await insertProduct(t.db, { name: "White Garlic", slug: "white-garlic", category_id: onions });
  shallot = await insertProduct(t.db, { name: "Shallot", slug: "shallot", category_id: onions });
  await enableLanguages(t.db, "ms", "ar");
});
afterAll(async () => {
  for (const close of closers) await close();
  await t.cleanup();
});

/** Both instances' counts written, then the stored counts of `productId` as `event|country` → count (all days). */
async function stored(productId: string): Promise<Record<string, number>> {
  await Promise.all([a.app.demand.flush(), b.app.demand.flush()]);
  const rows = await t.db
    .selectFrom("demand_daily")
    .select(["event", "country", "count"])
    .where("product_id", "=", productId)
    .execute();
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const key = `${row.event}|${row.country}`;
    counts[key] = (counts[key] ?? 0) + Number(row.count);
  }
  return counts;
}

/** A request over the wire from a visitor of its own (a fresh address each call), unless the headers name one. */
let visitors = 0;
const get = (origin: string, path: string, headers: Record<string, string> = {}, method = "GET") =>
  overTheWire(origin + path, { "X-Forwarded-For": `198.18.${++visitors >> 8}.${visitors & 255}`, ...headers }, method);

describe(`demand counting on ${engineName}`, () => {
  it("counts views of a cached product page on two instances, hits answered from memory included", async () => {
    const hitsBefore = a.app.pageCache!.stats.hits + b.app.pageCache!.stats.hits;
    // Instance A trusts the proxy's country header: a miss (rendered, stored) then two hits from memory.
    for (let i = 0; i < 3; i++)
      expect((await get(aOrigin, PAGE, { "User-Agent": BROWSER, "CF-IPCountry": "IN" })).status).toBe(200);
    // Instance B does not: the same header counts for nothing, and the English page names no country.
    for (let i = 0; i < 2; i++)
      expect((await get(bOrigin, PAGE, { "User-Agent": PHONE, "CF-IPCountry": "AE" })).status).toBe(200);
    expect(a.app.pageCache!.stats.hits + b.app.pageCache!.stats.hits - hitsBefore).toBe(3);
    // Counted in memory until written: nothing in the database yet.
    expect(a.app.demand.tally.size).toBeGreaterThan(0);
    expect(await t.db.selectFrom("demand_daily").selectAll().execute()).toEqual([]);
    expect(await stored(red)).toEqual({ "view|IN": 3, "view|": 2 });
    // Written again: the counts of both instances add to those already stored.
    await get(aOrigin, PAGE, { "User-Agent": BROWSER, "CF-IPCountry": "IN" });
    await get(bOrigin, PAGE, { "User-Agent": BROWSER });
    expect(await stored(red)).toEqual({ "view|IN": 4, "view|": 3 });
  });

  it("leaves out robots, requests without a User-Agent, HEAD, prefetches, the team and failed answers", async () => {
    const before = await stored(red);
    await get(aOrigin, PAGE, { "User-Agent": GOOGLEBOT, "CF-IPCountry": "US" });
    await get(aOrigin, PAGE, { "CF-IPCountry": "US" });
    await get(aOrigin, PAGE, { "User-Agent": BROWSER, "CF-IPCountry": "US" }, "HEAD");
    await get(aOrigin, PAGE, { "User-Agent": BROWSER, "CF-IPCountry": "US", "Sec-Purpose": "prefetch" });
    const admin = await signedInAs(t.db, "admin");
    const signedIn = await get(aOrigin, PAGE, { "User-Agent": BROWSER, "CF-IPCountry": "US", Cookie: admin.cookie });
    expect(signedIn.status).toBe(200);
    // A product that does not exist, and an address that only redirects.
    expect((await get(aOrigin, "/products/onions/no-such-onion", { "User-Agent": BROWSER })).status).toBe(404);
    expect((await get(aOrigin, `${PAGE}?utm_source=x`, { "User-Agent": BROWSER })).status).toBe(301);
    expect(await stored(red)).toEqual(before);
  });

  it("takes the country from the configured header only when it names one, else from the page's language", async () => {
    const before = await stored(garlic);
    const page = "/products/onions/white-garlic";
    await get(aOrigin, page, { "User-Agent": BROWSER, "CF-IPCountry": "ae" });
    await get(aOrigin, page, { "User-Agent": BROWSER, "CF-IPCountry": "XX" });
    await get(aOrigin, page, { "User-Agent": BROWSER, "CF-IPCountry": "T1" });
    await get(aOrigin, page, { "User-Agent": BROWSER, "CF-IPCountry": "India" });
    // Malay points to Malaysia; Arabic to no one country.
    expect((await get(bOrigin, `/ms${page}`, { "User-Agent": BROWSER })).status).toBe(200);
    expect((await get(bOrigin, `/ms${page}`, { "User-Agent": BROWSER, "CF-IPCountry": "IN" })).status).toBe(200);
    expect((await get(aOrigin, `/ms${page}`, { "User-Agent": BROWSER, "CF-IPCountry": "SG" })).status).toBe(200);
    expect((await get(bOrigin, `/ar${page}`, { "User-Agent": BROWSER })).status).toBe(200);
    // A navigation in the browser loads the page's data: a view too.
    expect((await get(bOrigin, `/ms${page}.data`, { "User-Agent": BROWSER })).status).toBe(200);
    const after = await stored(garlic);
    const added = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
    expect(added("view|AE")).toBe(1);
    expect(added("view|")).toBe(3 + 1);
    expect(added("view|MY")).toBe(3);
    expect(added("view|SG")).toBe(1);
    expect(added("view|IN")).toBe(0);
  });

  it("counts spec-sheet downloads, from the cache too", async () => {
    for (let i = 0; i < 2; i++) {
      const sheet = await get(aOrigin, SHEET, { "User-Agent": BROWSER, "CF-IPCountry": "NL" });
      expect(sheet.status).toBe(200);
      expect(sheet.headers["content-type"]).toMatch(/^application\/pdf/);
    }
    await get(bOrigin, SHEET, { "User-Agent": GOOGLEBOT });
    expect(await stored(red)).toMatchObject({ "download|NL": 2 });
    expect((await stored(red))["download|"]).toBeUndefined();
  });

  it("counts a quote-list add once per product newly in the list; a request is the stored inquiry itself", async () => {
    const add = (cookie = "") =>
      a.request("/request-quote/list", {
        form: { intent: "add", product_id: red },
        cookie,
        headers: { "User-Agent": BROWSER, "CF-IPCountry": "SA" },
      });
    expect((await add()).status).toBe(200);
    // Already in the list: nothing added, nothing counted.
    expect((await add(`quote_list=${red}`)).status).toBe(200);
    const form = {
      intent: "send",
      website: "",
      company: "Gulf Fresh Trading LLC",
      full_name: "Ahmed Al Mansouri",
      email: "ahmed@gulffresh.example",
      phone: "+971 50 123 4567",
      country: "Saudi Arabia",
      destination_port: "Jeddah",
      incoterm: "CIF",
      delivery_month: new Date(Date.now() + 62 * 86_400_000).toISOString().slice(0, 7),
      message: "Weekly shipments.",
      product_id_0: red,
      quantity_0: "2",
      unit_0: "MT",
      product_id_1: garlic,
      quantity_1: "12.5",
      unit_1: "MT",
    };
    const sent = await a.request("/request-quote", {
      form,
      cookie: `quote_list=${red}.${garlic}`,
      headers: { "User-Agent": BROWSER, "CF-IPCountry": "SA" },
      ip: "198.51.100.40",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/request-quote/sent");
    // A robot's request (the honeypot filled) is answered alike and counts for nothing.
    const robot = await a.request("/request-quote", {
      form: { ...form, website: "spam" },
      cookie: `quote_list=${red}`,
      headers: { "User-Agent": BROWSER, "CF-IPCountry": "SA" },
      ip: "198.51.100.41",
    });
    expect(robot.status).toBe(302);
    // Requests are read from the inquiries (ADR 0056): nothing of them is counted per visitor.
    expect(await stored(red)).toMatchObject({ "add|SA": 1 });
    expect((await stored(red))["request|SA"]).toBeUndefined();
    const report = await demandReport(t.db, { days: 30, country: "SA", page: 1 }, Date.now());
    expect(report.totals.request).toBe(1);
    expect(report.products.map((row) => [row.name, row.funnel.request])).toEqual(
      expect.arrayContaining([
        ["Red Onion", 1],
        ["White Garlic", 1],
      ]),
    );
  });

  it("counts each visitor once per product, event and day: reloads and repeated adds count once", async () => {
    const page = "/products/onions/shallot";
    const one = { "User-Agent": BROWSER, "X-Forwarded-For": "192.0.2.77" };
    for (let i = 0; i < 50; i++) expect((await get(aOrigin, page, one)).status).toBe(200);
    // The same visitor on another address of its IPv6 /64 is still the same visitor.
    for (const address of ["2001:db8:7:7::1", "2001:db8:7:7::ffff"])
      await get(aOrigin, page, { "User-Agent": BROWSER, "X-Forwarded-For": address });
    expect(await stored(shallot)).toEqual({ "view|": 2 });
    await get(aOrigin, page, { "User-Agent": BROWSER, "X-Forwarded-For": "192.0.2.78" });
    expect(await stored(shallot)).toEqual({ "view|": 3 });
    // 200 adds from one client, each with an empty list: one add.
    for (let i = 0; i < 200; i++) {
      const added = await a.request("/request-quote/list", {
        form: { intent: "add", product_id: shallot },
        headers: { "User-Agent": BROWSER, "X-Forwarded-For": "192.0.2.77" },
      });
      expect(added.status).toBe(200);
    }
    expect(await stored(shallot)).toEqual({ "view|": 3, "add|": 1 });
  });

  it("forgets its visitors every day, keeps none in storage, and counts no new ones once it holds its maximum", () => {
    let now = Date.parse("2026-12-02T10:00:00Z");
    const seen = new DemandVisitors({ clock: () => now, maxEntries: 3 });
    const subject = demandSubject("view", red);
    expect(seen.firstToday("192.0.2.1", BROWSER, subject)).toBe(true);
    expect(seen.firstToday("192.0.2.1", BROWSER, subject)).toBe(false);
    expect(seen.firstToday("192.0.2.1", BROWSER, demandSubject("download", red))).toBe(true);
    expect(seen.firstToday("192.0.2.1", PHONE, subject)).toBe(true);
    // Full: a visitor it cannot remember is not counted (a count it could not tell from a repeat).
    expect(seen.firstToday("192.0.2.2", BROWSER, subject)).toBe(false);
    expect(seen.stats.full).toBe(1);
    now += 24 * 60 * 60 * 1000;
    expect(seen.firstToday("192.0.2.1", BROWSER, subject)).toBe(true);
    expect(seen.firstToday("192.0.2.2", BROWSER, subject)).toBe(true);
  });

  it("bounds what an instance keeps between writes", async () => {
    const tally = new DemandTally({ db: t.db, maxKeys: 2, flushMs: 60_000 });
    const subject = demandSubject("view", red);
    tally.add(subject, "DE");
    // Full: the write begins at once; meanwhile at most as many new keys are kept, the next is dropped, and a key
    // already kept goes on counting.
    tally.add(subject, "FR");
    tally.add(subject, "ES");
    tally.add(subject, "IT");
    tally.add(subject, "PT");
    tally.add(subject, "ES");
    expect(tally.size).toBe(2);
    expect(tally.stats.dropped).toBe(1);
    await tally.stop();
    expect(await stored(red)).toMatchObject({ "view|DE": 1, "view|FR": 1, "view|ES": 2, "view|IT": 1 });
    expect((await stored(red))["view|PT"]).toBeUndefined();
  });

  it("keeps the counts a failed write could not store for the next", async () => {
    const tally = new DemandTally({ db: t.db, flushMs: 60_000 });
    await whileRefusing(t.db, "demand_daily", "insert", async () => {
      tally.add(demandSubject("view", red), "CN");
      tally.add(demandSubject("view", red), "CN");
      await tally.flush();
      expect(tally.stats.failedWrites).toBe(1);
      expect(tally.size).toBe(1);
    });
    await tally.stop();
    expect(await stored(red)).toMatchObject({ "view|CN": 2 });
  });

  it("adds a batch once: a write retried after its acknowledgement was lost counts nothing twice", async () => {
    // PostgreSQL committed, then the answer timed out (a stall past the statement timeout): the tally tries again.
    let lost = 0;
    const tally = new DemandTally({
      db: t.db,
      flushMs: 60_000,
      write: async (db, counts, batchId) => {
        await addDemandCounts(db, counts, batchId);
        if (lost++ === 0) throw new Error("Query read timeout");
      },
    });
    for (let i = 0; i < 5; i++) tally.add(demandSubject("download", shallot), "KE");
    await tally.flush();
    expect(tally.stats.failedWrites).toBe(1);
    tally.add(demandSubject("download", shallot), "KE");
    await tally.stop();
    expect(await stored(shallot)).toMatchObject({ "download|KE": 6 });
    // The same batch written again by hand adds nothing either.
    const batch = [{ day: "2026-01-02", productId: shallot, country: "KE", event: "view" as const, count: 3 }];
    await addDemandCounts(t.db, batch, "batch-twice");
    await addDemandCounts(t.db, batch, "batch-twice");
    expect(await stored(shallot)).toMatchObject({ "view|KE": 3 });
  });
});

describe(`the Demand screen on ${engineName}`, () => {
  it("sends anonymous visitors to sign in and turns away a signed-in non-administrator", async () => {
    const anonymous = await a.request("/admin/demand");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdemand");
    const user = await signedInAs(t.db, "user");
    const denied = await a.request("/admin/demand?days=90", { cookie: user.cookie });
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/admin/login?denied=1");
    expect(await denied.text()).not.toContain("Red Onion");
  });

  it("shows an administrator the funnel per product and per country, for 30 or 90 days and one country", async () => {
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const row = (ago: number, productId: string, country: string, event: DemandEvent, count: number) =>
      insertDemandDay(t.db, { day: day(ago), product_id: productId, country, event, count });
    // Older counts: 60 days ago (in 90 days only) and 100 days ago (in neither). Rows the quote desk wrote per line
    // before issue 41 count nothing: quotes and won are read from the quotes themselves, each deal once.
    await row(60, red, "IN", "view", 1000);
    await row(100, red, "IN", "view", 5000);
    await row(3, red, "AE", "quote", 2);
    await row(3, red, "AE", "won", 1);
    const sent = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const line = { product_id: red, product_name: "Red Onion", quantity: "2", unit_price_minor: 30_000 };
    await insertQuote(t.db, { number: "Q-2026-0301", status: "declined", sent_at: sent, buyer_country: "UAE" }, [line]);
    await insertQuote(
      t.db,
      { number: "Q-2026-0302", status: "accepted", sent_at: sent, responded_at: sent, buyer_country: "AE" },
      [line, { ...line, product_id: garlic, product_name: "White Garlic" }],
    );
    await Promise.all([a.app.demand.flush(), b.app.demand.flush()]);
    const admin = await signedInAs(t.db, "admin");
    const page = async (query: string) => {
      const response = await a.request(`/admin/demand${query}`, { cookie: admin.cookie });
      expect(response.status).toBe(200);
      return response.text();
    };
    const html = await page("");
    expect(html).toContain("<title>Demand</title>");
    expect(html).toMatch(/<h1[^>]*>Demand<\/h1>/);
    expect(html).toContain(
      "Each visitor counts once per product and step a day; robots, the team and repeats are left out.",
    );
    // Red Onion in 30 days: the views, downloads, add and request counted above, two quotes sent and one won.
    const views = Object.entries(await stored(red))
      .filter(([key]) => key.startsWith("view|"))
      .reduce((sum, [, count]) => sum + count, 0);
    const redRow = rowText(html, "Red Onion");
    expect(redRow).toEqual([String(views - 1000 - 5000), "2", "1", "1", "0", "2", "1", expect.any(String)]);
    expect(html).toContain("United Arab Emirates");
    expect(html).toContain("Unknown");
    expect(html).toContain("Malaysia");
    // 90 days take the count of 60 days ago.
    expect(rowText(await page("?days=90"), "Red Onion")[0]).toBe(String(views - 5000));
    // One country: India's views only.
    const india = await page("?days=90&country=IN");
    expect(rowText(india, "Red Onion").slice(0, 2)).toEqual(["1004", "0"]);
    expect(india).not.toContain("White Garlic");
  });

  it("says so when nothing was counted", async () => {
    const empty = await createTestDatabase();
    try {
      const app = await createTestApp(empty.db, empty.dataDir);
      const admin = await signedInAs(empty.db, "admin");
      const html = await (await app.request("/admin/demand", { cookie: admin.cookie })).text();
      expect(html).toContain("Nothing counted in the last 30 days yet.");
    } finally {
      await empty.cleanup();
    }
  });
});

/** The figures of the product table's row naming `name` (the cells after its name). */
function rowText(html: string, name: string): string[] {
  const row = html
    .split(/<tr[^>]*data-testid="demand-product"[^>]*>/)
    .slice(1)
    .find((part) => part.split("</tr>")[0].includes(`>${name}<`));
  expect(row, name).toBeDefined();
  return [...row!.split("</tr>")[0].matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1].replace(/,/g, ""));
}
