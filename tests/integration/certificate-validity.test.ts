import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CertificatesTable } from "~/db/schema";
import { insertCertificate } from "../support/builders";
import { multipart } from "../support/images";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// Certificates a buyer can verify: number, validity and the issuer's lookup page. The servers run on a clock the
// test sets, so "today" and midnight are ours to choose.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cached: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let clockMs = Date.parse("2027-05-10T12:00:00Z");
const setClock = (iso: string) => (clockMs = Date.parse(iso));

beforeAll(async () => {
  t = await createTestDatabase();
  const clock = () => clockMs;
  app = await createTestApp(t.db, t.dataDir, {}, { clock });
  // A second instance with the page cache on, over the same database.
  cached = await createTestApp(t.db, t.dataDir, { pageCache: true }, { clock });
  cookie = (await signedInAs(t.db, "admin")).cookie;
});
afterAll(() => t.cleanup());

const CERTS = "/admin/edit-pages/certificates";
const PUBLIC = "/certificates-memberships";
/** The form as the page sends it (open for adding: a refusal draws it again, open). */
const save = (fields: Record<string, string>) =>
  app.request(`${CERTS}?edit=new`, {
    multipart: multipart({
      intent: "save",
      authority: "",
      description: "",
      sort_order: "",
      certificate_number: "",
      valid_from: "",
      valid_until: "",
      verify_url: "",
      ...fields,
    }),
    cookie,
  });
const rows = () => t.db.selectFrom("certificates").selectAll().orderBy("name").execute();
const byName = async (name: string) => (await rows()).find((c) => c.name === name)!;
/** A certificate written straight into the database: nothing tells any page cache. */
const insert = (name: string, valid_until: string | null, extra: Partial<Insertable<CertificatesTable>> = {}) =>
  insertCertificate(t.db, { name, valid_until, ...extra });
/** One certificate's card in the back office's list, by its name. */
const cardOf = (admin: string, name: string) =>
  admin.slice(admin.indexOf(`>${name}</h2>`), admin.indexOf("</li>", admin.indexOf(`>${name}</h2>`)));
const remove = (id: string) => t.db.deleteFrom("certificates").where("id", "=", id).execute();

describe(`certificate validity on ${engineName}`, () => {
  it("refuses a bad date, an end before the start and a non-http address, with messages, writing nothing", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ valid_from: "2027-02-30" }, "valid_from", "Valid From must be a real date (YYYY-MM-DD)."],
      [{ valid_until: "next year" }, "valid_until", "Valid Until must be a real date (YYYY-MM-DD)."],
      [
        { valid_from: "2027-06-01", valid_until: "2027-05-31" },
        "valid_until",
        "Valid Until cannot be before Valid From.",
      ],
      [
        { verify_url: "javascript:alert(1)" },
        "verify_url",
        "Verify URL must be a full web address starting with https:// or http://.",
      ],
      [
        { verify_url: "foscos.fssai.gov.in" },
        "verify_url",
        "Verify URL must be a full web address starting with https:// or http://.",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await save({ name: "FSSAI", certificate_number: "10024051000387", ...fields });
      expect(response.status, message).toBe(400);
      const html = await response.text();
      // The message under the field, the field marked, the toast, and everything typed still there.
      expect(html).toContain(`id="${field}-error"`);
      expect(html).toContain(message.replaceAll("'", "&#x27;"));
      expect(html).toMatch(new RegExp(`<input[^>]*id="${field}"[^>]*aria-invalid="true"`));
      expect(html).toContain('value="10024051000387"');
      for (const value of Object.values(fields)) expect(html).toContain(`value="${value.replaceAll("&", "&amp;")}"`);
    }
    expect(await rows()).toHaveLength(0);
  });

  it("gives the inputs their types from the schema", async () => {
    const html = await (await app.request(`${CERTS}?edit=new`, { cookie })).text();
    expect(html).toMatch(/<input[^>]*type="date"[^>]*id="valid_from"|<input[^>]*id="valid_from"[^>]*type="date"/);
    expect(html).toMatch(/<input[^>]*type="url"[^>]*id="verify_url"|<input[^>]*id="verify_url"[^>]*type="url"/);
    expect(html).toMatch(
      /<input[^>]*maxLength="80"[^>]*id="certificate_number"|id="certificate_number"[^>]*maxLength="80"/,
    );
  });

  it("saves the number, the dates and the address, and clears them when emptied", async () => {
    expect(
      (
        await save({
          name: "FSSAI",
          certificate_number: " 10024051000387 ",
          valid_from: "2026-05-11",
          valid_until: "2028-05-10",
          verify_url: "https://foscos.fssai.gov.in/",
        })
      ).status,
    ).toBe(302);
    expect(await byName("FSSAI")).toMatchObject({
      certificate_number: "10024051000387",
      valid_from: "2026-05-11",
      valid_until: "2028-05-10",
      verify_url: "https://foscos.fssai.gov.in/",
    });
    const html = await (await app.request(PUBLIC)).text();
    expect(html).toContain("10024051000387");
    expect(html).toContain("Valid until May 10, 2028");
    expect(html).toMatch(
      /<a href="https:\/\/foscos\.fssai\.gov\.in\/" target="_blank" rel="noopener noreferrer"[^>]*>Verify<span class="sr-only"> FSSAI with its issuer \(opens in a new tab\)<\/span>/,
    );

    const { id } = await byName("FSSAI");
    expect((await save({ id, name: "FSSAI" })).status).toBe(302);
    expect(await byName("FSSAI")).toMatchObject({
      certificate_number: null,
      valid_from: null,
      valid_until: null,
      verify_url: null,
    });
    const after = await (await app.request(PUBLIC)).text();
    expect(after).not.toContain("Valid until");
    expect(after).not.toContain(">Verify<");
    await remove(id);
  });

  it("hides an expired certificate from the public page and flags it in the back office", async () => {
    setClock("2027-05-10T12:00:00Z");
    const lapsed = await insert("Lapsed Licence", "2027-05-09", { verify_url: "https://example.com/lookup" });
    const lastDay = await insert("Last Day Licence", "2027-05-10");
    const open = await insert("Open Registration", null);

    const html = await (await app.request(PUBLIC)).text();
    expect(html).not.toContain("Lapsed Licence");
    expect(html).not.toContain("https://example.com/lookup");
    // Valid until today still holds today.
    expect(html).toContain("Last Day Licence");
    expect(html).toContain("Valid until May 10, 2027");
    expect(html).toContain("Open Registration");
    // Nor in the page's data (client-side navigation) or its description.
    const data = await (await app.request(`${PUBLIC}.data`)).text();
    expect(data).not.toContain("Lapsed Licence");
    expect(data).toContain("Last Day Licence");

    const admin = await (await app.request(CERTS, { cookie })).text();
    const card = (name: string) => cardOf(admin, name);
    expect(card("Lapsed Licence")).toContain("Valid until 9 May 2027");
    expect(card("Lapsed Licence")).toContain(">Expired<");
    expect(card("Last Day Licence")).not.toContain(">Expired<");
    expect(card("Last Day Licence")).toContain("Last day today");
    expect(card("Open Registration")).not.toContain("Valid until");

    // The next UTC day the last-day one has lapsed too.
    setClock("2027-05-11T00:00:00Z");
    expect(await (await app.request(PUBLIC)).text()).not.toContain("Last Day Licence");
    for (const id of [lapsed, lastDay, open]) await remove(id);
  });

  it("keeps a certificate entered ahead of its start off the public page until its first day, and says so in the back office", async () => {
    setClock("2027-05-10T12:00:00Z");
    const renewal = await insert("Renewed Licence", "2028-05-10", { valid_from: "2027-05-11" });
    const started = await insert("Started Licence", null, { valid_from: "2027-05-10" });

    const html = await (await app.request(PUBLIC)).text();
    expect(html).not.toContain("Renewed Licence");
    // A start date of today counts as started.
    expect(html).toContain("Started Licence");
    expect(await (await app.request(`${PUBLIC}.data`)).text()).not.toContain("Renewed Licence");

    const admin = await (await app.request(CERTS, { cookie })).text();
    const card = (name: string) => cardOf(admin, name);
    expect(card("Renewed Licence")).toContain("Shown publicly from 11 May 2027");
    expect(card("Renewed Licence")).toContain(">Not yet valid<");
    expect(card("Started Licence")).not.toContain("Not yet valid");

    setClock("2027-05-11T00:00:00Z");
    expect(await (await app.request(PUBLIC)).text()).toContain("Renewed Licence");
    for (const id of [renewal, started]) await remove(id);
  });

  it("lists on the dashboard what expires within 60 days, the expired marked, and says when there is none", async () => {
    setClock("2027-05-10T08:00:00Z");
    const empty = await (await app.request("/admin/dashboard", { cookie })).text();
    expect(empty).toContain("Certificates expiring within 60 days");
    expect(empty).toContain("No certificate expires within the next 60 days.");

    const soon = await insert("GLOBALG.A.P.", "2027-06-19");
    const expired = await insert("Old RCMC", "2027-04-30");
    const edge = await insert("Edge Licence", "2027-07-09");
    const later = await insert("Far Licence", "2027-07-10");
    const never = await insert("Forever Registration", null);
    const html = await (await app.request("/admin/dashboard", { cookie })).text();
    const section = html.slice(html.indexOf('data-testid="certificate-renewals"'), html.indexOf("Quick Access"));
    expect(section).not.toContain("No certificate expires");
    // Soonest first: the expired one, then the others, each linking to its edit form.
    expect(section.indexOf("Old RCMC")).toBeLessThan(section.indexOf("GLOBALG.A.P."));
    expect(section.indexOf("GLOBALG.A.P.")).toBeLessThan(section.indexOf("Edge Licence"));
    expect(section).toContain(`href="/admin/edit-pages/certificates?edit=${soon}"`);
    expect(section).toContain(`href="/admin/edit-pages/certificates?edit=${expired}"`);
    expect(section).toContain("Expires in 40 days");
    expect(section).toContain("Valid until 19 Jun 2027");
    const oldRow = section.slice(section.indexOf("Old RCMC"), section.indexOf("</li>", section.indexOf("Old RCMC")));
    expect(oldRow).toContain(">Expired<");
    expect(section).not.toContain("Far Licence");
    expect(section).not.toContain("Forever Registration");
    for (const id of [soon, expired, edge, later, never]) await remove(id);
  });

  it("the page cache drops the certificates page at UTC midnight, so a lapsed certificate is gone the next day", async () => {
    setClock("2027-05-10T23:59:00Z");
    const id = await insert("Midnight Licence", "2027-05-10");
    const first = await cached.request(PUBLIC);
    expect(first.headers.get("Cache-Control")).toBe("no-cache");
    expect(first.headers.get("ETag")).toBeTruthy();
    expect(await first.text()).toContain("Midnight Licence");
    await cached.request(`${PUBLIC}.data`);

    // Within the day the cached page is served: a certificate written straight into the database is not seen.
    const unseen = await insert("Unseen Licence", null);
    setClock("2027-05-10T23:59:59.999Z");
    const sameDay = await cached.request(PUBLIC);
    expect(sameDay.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(await sameDay.text()).not.toContain("Unseen Licence");

    // From midnight the page is rendered afresh: a browser revalidating its copy gets the new page, not a 304.
    setClock("2027-05-11T00:00:00Z");
    const nextDay = await cached.request(PUBLIC, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(nextDay.status).toBe(200);
    expect(nextDay.headers.get("Cache-Control")).toBe("no-cache");
    const html = await nextDay.text();
    expect(html).not.toContain("Midnight Licence");
    expect(html).toContain("Unseen Licence");
    expect(await (await cached.request(`${PUBLIC}.data`)).text()).not.toContain("Midnight Licence");
    await remove(id);
    await remove(unseen);
  });
});
