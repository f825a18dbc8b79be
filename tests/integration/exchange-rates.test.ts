import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheKeyOf } from "~/features/page-cache/policy.server";
import { CURRENCY_REQUIRED, DATE_FORMAT, RATE_FORMAT, RATE_RANGE } from "~/features/currency/rates.schema";
import { RATE_IN_FUTURE } from "~/features/currency/rates.server";
import { afterRefresh } from "../support/page-cache";
import { flashOf } from "../support/flash";
import { createTestApp, signedInAs } from "../support/test-app";
import { enableLanguages } from "../support/translations";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// Prices in the buyer's currency (issue 43): the back office keeps dated rates at /admin/exchange-rates, and a product
// page carries only the rates fresh on its day, dated, for the island to convert; a stale rate is never shown, a
// saved one refreshes the cached pages, and the visitor's currency cookie neither reaches the HTML nor bypasses the
// page cache.
const PAGE = "/admin/exchange-rates";
const PRODUCT = "/products/bulbs/red-onion";
const DAY = 24 * 60 * 60 * 1000;
/** 28 Nov 2026, 10:00 UTC (15:30 in Kolkata, the site's default time zone). */
let clockMs = Date.parse("2026-11-28T10:00:00Z");
const clock = () => clockMs;

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cached: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
const save = (form: Record<string, string>, as = cookie, on = app) =>
  on.request(PAGE, { cookie: as, form: { intent: "save", ...form } });
const rates = () => t.db.selectFrom("exchange_rates").selectAll().orderBy("currency").execute();
const activity = () =>
  t.db.selectFrom("activity").select(["action", "summary"]).where("entity", "=", "exchange_rate").execute();
/** The rates a product page carries (its `data-rates`), or null when it carries none. */
function embedded(html: string): Record<string, { rate: number; date: string }> | null {
  const match = /data-rates="([^"]*)"/.exec(html);
  return match ? JSON.parse(match[1]!.replaceAll("&quot;", '"').replaceAll("&amp;", "&")) : null;
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, {}, { clock });
  cached = await createTestApp(t.db, t.dataDir, { pageCache: true }, { clock });
  cookie = (await signedInAs(t.db, "admin")).cookie;
  await enableLanguages(t.db, "ar");
  const category = await insertCategory(t.db, { name: "Bulbs", slug: "bulbs" });
  await insertProduct(t.db, {
    category_id: category,
    name: "Red Onion",
    slug: "red-onion",
    trade_terms: JSON.stringify({
      price_min: 330,
      price_max: 380,
      price_currency: "USD",
      price_unit: "MT",
      price_incoterm: "FOB",
      price_valid_until: "2999-06-30",
    }),
  });
  await insertProduct(t.db, { category_id: category, name: "No Price Onion", slug: "no-price-onion" });
});
afterAll(() => t.cleanup());

describe(`exchange rates in the back office on ${engineName}`, () => {
  it("sends anonymous visitors to the sign-in and refuses signed-in non-admins, changing nothing", async () => {
    const forms: Array<Record<string, string> | undefined> = [
      undefined,
      { intent: "save", currency: "AED", rate: "3.6725", rate_date: "2026-11-27" },
      { intent: "max-age", max_age_days: "30" },
      { intent: "delete", id: "AED" },
    ];
    for (const form of forms) {
      const anonymous = await app.request(PAGE, { form });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
      const user = await signedInAs(t.db, "user");
      const refused = await app.request(PAGE, { form, cookie: user.cookie });
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe("/admin/login?denied=1");
    }
    expect(await rates()).toEqual([]);
    expect(await t.db.selectFrom("exchange_rate_policy").selectAll().execute()).toEqual([]);
  });

  it("shows the empty list, a real Add form and the age setting at 7 days", async () => {
    const response = await app.request(PAGE, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Exchange rates");
    expect(html).toContain("No exchange rates yet");
    expect(html).toMatch(/<form[^>]*method="post"[^>]*>(?:(?!<\/form>)[\s\S])*name="rate"/);
    expect(html).toContain('<option value="BDT">BDT · Bangladeshi Taka</option>');
    expect(html).toMatch(/name="max_age_days"[^>]*value="7"|value="7"[^>]*name="max_age_days"/);
    // The date field offers today, in the site's time zone.
    expect(html).toMatch(/name="rate_date"[^>]*value="2026-11-28"|value="2026-11-28"[^>]*name="rate_date"/);
  });

  it("refuses what is not a rate, with a message at the field, storing nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ currency: "", rate: "3.67", rate_date: "2026-11-27" }, CURRENCY_REQUIRED],
      [{ currency: "XYZ", rate: "3.67", rate_date: "2026-11-27" }, "Choose one of the listed currencies."],
      [{ currency: "AED", rate: "", rate_date: "2026-11-27" }, "Rate is required."],
      [{ currency: "AED", rate: "3,67", rate_date: "2026-11-27" }, RATE_FORMAT],
      [{ currency: "AED", rate: "-3.67", rate_date: "2026-11-27" }, RATE_FORMAT],
      [{ currency: "AED", rate: "0", rate_date: "2026-11-27" }, RATE_RANGE],
      [{ currency: "AED", rate: "36.725", rate_date: "2026-11-27" }, "Check the decimal point"],
      [{ currency: "AED", rate: "3.67", rate_date: "27/11/2026" }, DATE_FORMAT],
      [{ currency: "AED", rate: "3.67", rate_date: "2026-02-30" }, DATE_FORMAT],
      [{ currency: "AED", rate: "3.67", rate_date: "2026-11-29" }, RATE_IN_FUTURE],
    ];
    for (const [form, message] of cases) {
      const response = await save(form);
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(await response.text(), JSON.stringify(form)).toContain(escaped(message));
    }
    for (const days of ["0", "91", "many", ""]) {
      const response = await app.request(PAGE, { cookie, form: { intent: "max-age", max_age_days: days } });
      expect(response.status, days).toBe(400);
      expect(await response.text()).toContain("Longest a rate may be used");
    }
    expect(await rates()).toEqual([]);
  });

  it("adds, edits and deletes a rate, each logged with who did it", async () => {
    const added = await save({ currency: "AED", rate: " 3.6725 ", rate_date: "2026-11-27" });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(PAGE);
    expect(flashOf(added).title).toBe("Rate Added!");
    expect(await rates()).toMatchObject([{ currency: "AED", rate: "3.6725", rate_date: "2026-11-27" }]);
    expect((await rates())[0]!.updated_by).toBe("Test admin");

    const list = await (await app.request(PAGE, { cookie })).text();
    expect(list).toContain("1 USD = 3.6725 AED");
    expect(list).toContain("Rate of 27 Nov 2026");
    expect(list).toContain(`href="${PAGE}?edit=AED"`);
    expect(list).toContain(escaped("Delete AED rate"));

    const editForm = await (await app.request(`${PAGE}?edit=AED`, { cookie })).text();
    expect(editForm).toContain("Edit the AED rate");
    expect(editForm).toMatch(/name="rate"[^>]*value="3.6725"|value="3.6725"[^>]*name="rate"/);

    const edited = await save({ currency: "AED", rate: "3.6730", rate_date: "2026-11-28" });
    expect(edited.status).toBe(302);
    expect(flashOf(edited).title).toBe("Rate Saved!");
    expect(await rates()).toMatchObject([{ currency: "AED", rate: "3.6730", rate_date: "2026-11-28" }]);

    const deleted = await app.request(PAGE, { cookie, form: { intent: "delete", id: "AED" } });
    expect(deleted.status).toBe(302);
    expect(await rates()).toEqual([]);
    const gone = await app.request(PAGE, { cookie, form: { intent: "delete", id: "AED" } });
    expect(gone.status).toBe(404);

    expect((await activity()).map((row) => row.action).sort()).toEqual(["create", "delete", "update"]);
    expect((await activity()).map((row) => row.summary)).toContain(
      "Exchange rate: AED 3.6725 (rates of 2026-11-27) → 3.6730 (rates of 2026-11-28)",
    );
  });
});

describe(`the product page's price in the buyer's currency on ${engineName}`, () => {
  it("carries no rates and no picker while there are none", async () => {
    const html = await (await app.request(PRODUCT)).text();
    expect(html).toContain("USD 330–380");
    expect(embedded(html)).toBeNull();
    expect(html).not.toContain("data-currency-price");
  });

  it("embeds a fresh rate with its date and leaves a stale one out; the USD price stays as it was", async () => {
    expect((await save({ currency: "AED", rate: "3.6725", rate_date: "2026-11-27" })).status).toBe(302);
    expect((await save({ currency: "SAR", rate: "3.75", rate_date: "2026-11-21" })).status).toBe(302);
    // Eight days old on 28 Nov: older than the 7 allowed.
    expect((await save({ currency: "BDT", rate: "121.5", rate_date: "2026-11-20" })).status).toBe(302);
    const html = await (await app.request(PRODUCT)).text();
    expect(embedded(html)).toEqual({
      AED: { rate: 3.6725, date: "2026-11-27" },
      SAR: { rate: 3.75, date: "2026-11-21" },
    });
    expect(html).toContain("USD 330–380");
    // Both places the price appears get the converted line, hidden until the island fills it.
    // Beside the first price, in Trade Terms, and (without its date) in the phone's action bar.
    expect(html.match(/data-currency-price="true"/g)).toHaveLength(3);
    expect(html).toMatch(
      /data-currency-price="true"[^>]*data-min="330"[^>]*data-max="380"[^>]*data-from="USD"[^>]*hidden/,
    );
    // The picker: hidden without JavaScript, the fresh currencies only, texts in the page's language.
    expect(html).toMatch(/<div data-currency="true"[^>]*hidden/);
    expect(html).toContain('data-approx="≈ {amount}"');
    expect(html).toContain('data-rates-of="rates of {date}"');
    expect(html).toContain('<option value="AED">AED · United Arab Emirates Dirham</option>');
    expect(html).not.toContain('<option value="BDT">');
    // The admin list says the stale one is not shown.
    expect(await (await app.request(PAGE, { cookie })).text()).toContain("Older than 7 days: not shown on the site.");

    const arabic = await (await app.request(`/ar${PRODUCT}`)).text();
    expect(arabic).toContain('data-approx="≈ {amount}"');
    expect(arabic).toContain('data-rates-of="أسعار صرف {date}"');
    expect(arabic).toContain(">العملة</label>");
    // The currencies named in Arabic.
    expect(arabic).toMatch(/<option value="AED">AED · [^<]*درهم/);

    // A product without a price carries nothing.
    expect(embedded(await (await app.request("/products/bulbs/no-price-onion")).text())).toBeNull();
  });

  it("follows the allowed age: a longer one shows the older rate, and a day later it is gone", async () => {
    expect((await app.request(PAGE, { cookie, form: { intent: "max-age", max_age_days: "8" } })).status).toBe(302);
    expect(Object.keys(embedded(await (await app.request(PRODUCT)).text())!)).toEqual(["AED", "BDT", "SAR"]);
    clockMs += DAY;
    expect(Object.keys(embedded(await (await app.request(PRODUCT)).text())!)).toEqual(["AED", "SAR"]);
    clockMs -= DAY;
    expect((await app.request(PAGE, { cookie, form: { intent: "max-age", max_age_days: "7" } })).status).toBe(302);
  });

  it("refreshes the cached page when a rate is saved, and never serves a rate past its last day", async () => {
    const cache = cached.app.pageCache!;
    const first = await (await cached.request(PRODUCT)).text();
    expect(embedded(first)?.AED?.rate).toBe(3.6725);
    expect(cache.tagsOf(PRODUCT)).toContain("exchange-rates");
    // A save through the back office of this instance: the page is refreshed in the background.
    expect((await save({ currency: "AED", rate: "3.6800", rate_date: "2026-11-28" }, cookie, cached)).status).toBe(302);
    const refreshed = await (await afterRefresh(cache, () => cached.request(PRODUCT))).text();
    expect(embedded(refreshed)?.AED).toEqual({ rate: 3.68, date: "2026-11-28" });

    // The AED rate of 28 Nov may be used until 5 Dec; SAR's of 21 Nov until 28 Nov, so it is already gone.
    clockMs = Date.parse("2026-12-05T23:59:00Z");
    const lastDay = await (await cached.request(PRODUCT)).text();
    expect(embedded(lastDay)).toEqual({ AED: { rate: 3.68, date: "2026-11-28" } });
    expect(cache.holds(PRODUCT)).toBe(true);
    clockMs = Date.parse("2026-12-06T00:00:01Z");
    const after = await (await cached.request(PRODUCT)).text();
    expect(embedded(after)).toBeNull();
    expect(after).toContain("USD 330–380");
    clockMs = Date.parse("2026-11-28T10:00:00Z");
  });

  it("answers a visitor with the currency cookie from the cache, the cookie nowhere in the page", async () => {
    expect(cacheKeyOf("GET", PRODUCT, "currency=AED")).toBe(PRODUCT);
    expect(cacheKeyOf("GET", PRODUCT, "quote_list=1; currency=BDT")).toBe(PRODUCT);
    const cache = cached.app.pageCache!;
    cache.clear();
    const anonymous = await cached.request(PRODUCT);
    const withCookie = await cached.request(PRODUCT, { cookie: "currency=AED" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("ETag")).toBe(anonymous.headers.get("ETag"));
    const hits = cache.stats.hits;
    const again = await cached.request(PRODUCT, { cookie: "currency=AED" });
    expect(cache.stats.hits).toBe(hits + 1);
    expect(again.headers.has("Set-Cookie")).toBe(false);
    const html = await again.text();
    // The server's page is the same for everyone, whatever the cookie says: the island reads it.
    expect(html).toBe(await anonymous.text());
    expect(embedded(html)?.AED).toBeDefined();

    // Without the page cache too, the server ignores the cookie.
    const plain = await (await app.request(PRODUCT)).text();
    expect(await (await app.request(PRODUCT, { cookie: "currency=AED" })).text()).toBe(plain);
  });
});
