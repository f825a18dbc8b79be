import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DemandTally, demandSubject } from "~/features/demand/demand-tally.server";
import { demandReport } from "~/features/demand/demand-report.server";
import { insertInquiryLine, insertSetting } from "../support/builders";
import { quoteSite } from "../support/quote-site";
import { signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertInquiry, insertQuote } from "../support/test-db";

// Issue 41, Demand's half: a deal counted once in the totals, the funnel and the weeks (lines still once per product),
// and Demand's days in the site's time zone, both when counting and when reporting (ADR 0056).

const { site } = quoteSite();

const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const admin = () => signedInAs(site.t.db, "admin");

/** The Demand screen's total card of `event`. */
function total(html: string, event: string): string {
  const match = new RegExp(`data-testid="total-${event}"[^>]*>.*?<dd[^>]*>([^<]*)</dd>`, "s").exec(html);
  expect(match, event).not.toBeNull();
  return match![1]!.replace(/,/g, "");
}

/** The figures of the row naming `name` in the table whose rows are `testid` (the cells after its name). */
function rowOf(html: string, testid: string, name: string): string[] {
  const row = html
    .split(new RegExp(`<tr[^>]*data-testid="${testid}"[^>]*>`))
    .slice(1)
    .find((part) => part.split("</tr>")[0]!.includes(`>${name}<`));
  expect(row, name).toBeDefined();
  return [...row!.split("</tr>")[0]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]!.replace(/,/g, ""));
}

describe(`Demand counts deals on ${engineName}`, () => {
  it("counts an accepted quote with two lines as Won 1 in the totals, and 1 under each product", async () => {
    const { onion, garlic } = site.products;
    const day = 86_400_000;
    const at = (ago: number) => new Date(Date.now() - ago * day).toISOString();
    // A quote request for both products from the Emirates…
    const inquiryId = await insertInquiry(site.t.db, {
      kind: "quote",
      country: "United Arab Emirates",
      country_code: "AE",
      email: "deal@gulffresh.example",
      created_at: at(3),
    });
    for (const [position, product] of [onion, garlic].entries())
      await insertInquiryLine(site.t.db, { inquiry_id: inquiryId, position, product_id: product.id });
    // …quoted twice (v1 superseded by v2, the buyer's country typed as "UAE" on the quote), then v2 accepted.
    const lines = [onion, garlic].map((product) => ({
      product_id: product.id,
      product_name: "Product",
      quantity: "2",
      unit_price_minor: 40_000,
    }));
    const base = { number: "Q-2026-0401", inquiry_id: inquiryId, buyer_country: "UAE" };
    await insertQuote(site.t.db, { ...base, revision: 1, status: "superseded", sent_at: at(2) }, lines);
    const token = randomBytes(24).toString("base64url");
    await insertQuote(site.t.db, { ...base, revision: 2, status: "sent", sent_at: at(1), token }, lines);
    const accepted = await site.app.request(`/quotes/${token}`, { form: { answer: "accept" } });
    expect(accepted.status).toBe(303);

    const { cookie } = await admin();
    const html = await text(await site.app.request("/admin/demand", { cookie }));
    expect([total(html, "request"), total(html, "quote"), total(html, "won")]).toEqual(["1", "1", "1"]);
    // Views, downloads, adds, requests, samples, quotes, won, asked per view: the deal once under each product.
    for (const name of ["Red Onion", "Garlic"])
      expect(rowOf(html, "demand-product", name).slice(3, 7)).toEqual(["1", "0", "1", "1"]);
    // The quote's "UAE" and the request's code are one country.
    expect(rowOf(html, "demand-country", "United Arab Emirates").slice(3, 7)).toEqual(["1", "0", "1", "1"]);
    // The funnel drawn from the same totals, and the week's row of the trend.
    expect(html).toMatch(/data-testid="funnel-won".*?>1<\/span>/s);
    const weeks = html.split('data-testid="demand-week"').slice(1);
    const perWeek = weeks.map((week) =>
      [...week.split("</tr>")[0]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => Number(m[1]!.replace(/,/g, ""))),
    );
    expect(perWeek.reduce((sum, [, requests, quotes, won]) => sum + requests! + quotes! + won!, 0)).toBe(3);

    // Marked spam, the request is no demand; the quote stays.
    await site.t.db.updateTable("inquiries").set({ status: "spam" }).where("id", "=", inquiryId).execute();
    const after = await text(await site.app.request("/admin/demand", { cookie }));
    expect([total(after, "request"), total(after, "quote"), total(after, "won")]).toEqual(["0", "1", "1"]);
    await site.t.db.deleteFrom("quotes").execute();
    await site.t.db.deleteFrom("inquiries").execute();
  });
});

describe(`Demand's days on ${engineName}`, () => {
  it("counts and reports in the site's time zone: a request at 20:00 UTC is the next day in India", async () => {
    const t = await createTestDatabase();
    try {
      const product = site.products.onion.id;
      // Counting: a view at 20:00 UTC on Sunday 29 November is Monday 30 November in Asia/Kolkata (the default).
      const sunday8pm = Date.parse("2026-11-29T20:00:00.000Z");
      const tally = new DemandTally({ db: t.db, clock: () => sunday8pm, flushMs: 60_000 });
      tally.add(demandSubject("view", product), "IN");
      await tally.flush();
      const days = () => t.db.selectFrom("demand_daily").select(["day", "count"]).orderBy("day").execute();
      expect(await days()).toEqual([{ day: "2026-11-30", count: 1 }]);

      // Reporting: requests at 20:00 UTC belong to the next Indian day, and its week (Monday to Sunday).
      for (const created_at of ["2026-11-29T20:00:00.000Z", "2026-11-02T20:00:00.000Z", "2026-11-02T18:00:00.000Z"])
        await insertInquiry(t.db, { kind: "quote", country_code: "AE", created_at });
      // Wednesday 2 December 2026, noon in India: the last 30 days are 3 November to 2 December.
      const now = Date.parse("2026-12-02T06:30:00.000Z");
      const query = { days: 30 as const, country: null, page: 1 };
      const india = await demandReport(t.db, query, now);
      expect([india.from, india.to, india.timeZone]).toEqual(["2026-11-03", "2026-12-02", "Asia/Kolkata"]);
      // 2 November 18:00 UTC is 23:30 on the 2nd in India, before the period; 20:00 UTC is 01:30 on the 3rd.
      expect(india.totals.request).toBe(2);
      const weekOf = (report: typeof india, from: string) => report.weeks.find((week) => week.from === from)!;
      expect(weekOf(india, "2026-11-03").funnel.request).toBe(1);
      expect(weekOf(india, "2026-11-23").funnel.request).toBe(0);
      expect(weekOf(india, "2026-11-30")).toMatchObject({ to: "2026-12-02", funnel: { request: 1, view: 1 } });

      // The site's time zone set to UTC: the same moments are the days they are in UTC, counted and reported.
      await insertSetting(t.db, "site_time_zone", "UTC");
      await tally.refreshTimeZone();
      tally.add(demandSubject("view", product), "IN");
      await tally.stop();
      expect(await days()).toEqual([
        { day: "2026-11-29", count: 1 },
        { day: "2026-11-30", count: 1 },
      ]);
      const utc = await demandReport(t.db, query, now);
      expect([utc.from, utc.to, utc.timeZone]).toEqual(["2026-11-03", "2026-12-02", "UTC"]);
      expect(utc.totals.request).toBe(1);
      expect(weekOf(utc, "2026-11-23").funnel).toMatchObject({ request: 1, view: 1 });
      expect(weekOf(utc, "2026-11-30").funnel).toMatchObject({ request: 0, view: 1 });
    } finally {
      await t.cleanup();
    }
  });
});
