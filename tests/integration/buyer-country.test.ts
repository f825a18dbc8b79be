import { sql } from "kysely";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { countryChoices } from "~/lib/country";
import { quoteSite } from "../support/quote-site";
import { signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertInquiry, testMigrator } from "../support/test-db";
import { enableLanguages } from "../support/translations";

// Issue 41: the buyer's country chosen from a list and stored as an ISO code (words naming one mapped, garbage
// refused), the inquiry filter grouping by it, the buyer's own words kept where they differ (ADR 0056).

const { site, BUYER, LINES, send, freshIp } = quoteSite();

const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const admin = () => signedInAs(site.t.db, "admin");

const latest = (email: string) =>
  site.t.db
    .selectFrom("inquiries")
    .selectAll()
    .where("email", "=", email)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();

describe(`the buyer's country on ${engineName}`, () => {
  it("stores the code chosen, reads words that name a country, and refuses anything else", async () => {
    await enableLanguages(site.t.db, "ar");
    const cases: Array<[string, string]> = [
      ["AE", "AE"],
      ["ae", "AE"],
      ["UAE", "AE"],
      ["United Arab Emirates", "AE"],
      ["الإمارات", "AE"],
      ["الإمارات العربية المتحدة", "AE"],
      ["সংযুক্ত আরব আমিরাত", "AE"],
    ];
    for (const [given, code] of cases) {
      const email = `country-${crypto.randomUUID()}@gulffresh.example`;
      const response = await send({ ...BUYER, ...LINES(), email, country: given });
      expect(response.status, given).toBe(302);
      // The code, and the English name that the team's list, emails and quotes read.
      expect(await latest(email)).toMatchObject({ country_code: code, country: "United Arab Emirates" });
    }
    for (const garbage of ["XX", "EU", "Narnia", "<script>", "Dubai"]) {
      const response = await send({ ...BUYER, ...LINES(), country: garbage });
      expect(response.status, garbage).toBe(400);
      expect(await text(response)).toContain("Choose your country from the list.");
    }
    const empty = await send({ ...BUYER, ...LINES(), country: "" });
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain("Country is required.");
    // The sample form alike, in Arabic: the message in the page's language.
    const sample = {
      website: "",
      product_id: site.products.onion.id,
      quantity_kg: "2",
      company: "Gulf Fresh",
      full_name: "Ahmed",
      email: "sample-country@gulffresh.example",
      phone: "+971 50 123 4567",
      courier_address: "Warehouse 12, Al Quoz, Dubai",
    };
    const refused = await site.app.request("/ar/request-sample", {
      form: { ...sample, country: "Atlantis" },
      ip: freshIp(),
    });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("اختر دولتك من القائمة.");
    const sent = await site.app.request("/ar/request-sample", { form: { ...sample, country: "AE" }, ip: freshIp() });
    expect(sent.status).toBe(200);
    // The buyer's answer names it in their language.
    expect(await text(sent)).toContain("الإمارات العربية المتحدة");
    expect(await latest(sample.email)).toMatchObject({ kind: "sample", country_code: "AE" });
  });

  it("offers the list as a select of codes named in the page's language, in its order", async () => {
    for (const [path, lang] of [
      ["/ar/request-sample", "ar"],
      ["/request-sample", "en"],
    ] as const) {
      const html = await text(await site.app.request(path));
      const select = /<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/.exec(html);
      expect(select, path).not.toBeNull();
      expect(select![0]).toMatch(/required/);
      const options = [...select![1]!.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
      // The placeholder first, then every code in the language's order.
      expect(options[0]).toBe("");
      expect(options.slice(1)).toEqual(countryChoices(lang).map((choice) => choice.value));
    }
    const arabic = await text(await site.app.request("/ar/request-sample"));
    expect(arabic).toContain('<option value="AE">الإمارات العربية المتحدة</option>');
    expect(arabic).toContain("اختر دولتك");
  });

  it("groups the inquiry filter by country and keeps the buyer's own words where they differ", async () => {
    await site.t.db.deleteFrom("inquiries").execute();
    const ids: Record<string, string> = {};
    for (const [written, code] of [
      ["UAE", "AE"],
      ["United Arab Emirates", "AE"],
      ["الإمارات العربية المتحدة", "AE"],
      ["Bangladesh", "BD"],
      ["Dubai", ""],
    ])
      ids[written] = await insertInquiry(site.t.db, {
        kind: "quote",
        full_name: `Buyer ${written}`,
        country: written,
        country_code: code,
      });
    const { cookie } = await admin();
    const list = await text(await site.app.request("/admin/inquiries", { cookie }));
    const filter = /<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/.exec(list)![1]!;
    const options = [...filter.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ["", "All countries"],
      ["BD", "Bangladesh"],
      ["AE", "United Arab Emirates"],
      ["unknown", "Unknown"],
    ]);
    const rows = async (query: string) =>
      (await text(await site.app.request(`/admin/inquiries${query}`, { cookie }))).split('data-testid="inquiry-row"')
        .length - 1;
    expect(await rows("?country=AE")).toBe(3);
    expect(await rows("?country=unknown")).toBe(1);
    // A link made when the filter was the words: read as the country they name.
    expect(await rows(`?country=${encodeURIComponent("United Arab Emirates")}`)).toBe(3);
    // The list names the country; the inquiry also shows the words the buyer wrote.
    expect(list).toContain("United Arab Emirates");
    const detail = await text(await site.app.request(`/admin/inquiries/${ids.UAE}`, { cookie }));
    expect(detail).toContain("United Arab Emirates (written “UAE”)");
    const same = await text(await site.app.request(`/admin/inquiries/${ids["United Arab Emirates"]}`, { cookie }));
    expect(same).not.toContain("written “");
    expect(await text(await site.app.request(`/admin/inquiries/${ids.Dubai}`, { cookie }))).toContain(">Dubai<");
    // The CSV: the country by name for people, and its code.
    const csv = await text(await site.app.request("/admin/inquiries/export?country=AE", { cookie }));
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true });
    expect(parsed.data.map((row) => `${row.country} | ${row.country_code}`).sort()).toEqual([
      "United Arab Emirates (written “UAE”) | AE",
      "United Arab Emirates (written “الإمارات العربية المتحدة”) | AE",
      "United Arab Emirates | AE",
    ]);
    await site.t.db.deleteFrom("inquiries").execute();
  });
});

describe(`migration 0025_inquiry_country_code on ${engineName}`, () => {
  it("reads the countries typed before as codes where they name one", async () => {
    const m = await createTestDatabase({ migrate: false });
    try {
      const migrator = await testMigrator(m.db);
      expect((await migrator.migrateTo("0024_account_mail_outbox")).error).toBeUndefined();
      const now = new Date().toISOString();
      for (const [id, country] of [
        ["a", "UAE"],
        ["b", "الإمارات العربية المتحدة"],
        ["c", "bd"],
        ["d", "Dubai"],
        ["e", null],
      ])
        await sql`insert into inquiries (id, full_name, email, phone, subject, message, ip_hash, status, kind, country,
            created_at, updated_at)
          values (${id}, 'Buyer', 'b@example.com', '', 'Onions', 'Price?', ${"0".repeat(64)}, 'new', 'quote',
            ${country}, ${now}, ${now})`.execute(m.db);
      await migrateToLatest(m.db);
      const rows = await m.db.selectFrom("inquiries").select(["id", "country", "country_code"]).orderBy("id").execute();
      expect(rows).toEqual([
        { id: "a", country: "UAE", country_code: "AE" },
        { id: "b", country: "الإمارات العربية المتحدة", country_code: "AE" },
        { id: "c", country: "bd", country_code: "BD" },
        { id: "d", country: "Dubai", country_code: "" },
        { id: "e", country: null, country_code: "" },
      ]);
    } finally {
      await m.cleanup();
    }
  });
});
