import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPost, insertSetting } from "../support/builders";
import { contactFormSender, VALID_CONTACT } from "../support/contact-form";
import { readPdfText } from "../support/pdf-text";
import { eventually, startSmtpServer } from "../support/smtp";
import { enableLanguages, insertTranslation } from "../support/translations";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// Issue 27, settings for people (ADR 0035): the site's own settings as labelled, checked fields in groups, kept
// (cleared, never deleted), and a cleared value hides its element on the public site instead of a demo value.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

const STORED = {
  contact_address: "12 Mandi Road, Nashik, Maharashtra 422001, India",
  contact_email: "sales@nashik.example",
  contact_phone: "+91 99887 66554",
  whatsapp_number: "+91 99887 66554",
  social_facebook_url: "https://www.facebook.com/nashik-onions",
  office_hours: "9–6 IST",
};

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  cookie = (await signedInAs(t.db, "admin")).cookie;
  for (const [key, value] of Object.entries(STORED)) await insertSetting(t.db, key, value, { id: `s-${key}` });
  const category = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  await insertProduct(t.db, { name: "Red Onion", slug: "red-onion", category_id: category });
});
afterAll(() => t.cleanup());

const save = (form: Record<string, string>) =>
  app.request("/admin/site-settings", { form: { intent: "save", ...form }, cookie });
const valueOf = async (key: string) =>
  (await t.db.selectFrom("site_settings").select("setting_value").where("setting_key", "=", key).executeTakeFirst())
    ?.setting_value;
const idOf = async (key: string) =>
  (await t.db.selectFrom("site_settings").select("id").where("setting_key", "=", key).executeTakeFirstOrThrow()).id;
const page = async (path: string) => {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
const organizationOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]) as Record<string, unknown>)
    .find((d) => d["@type"] === "Organization")!;
const DEMO = ["Kanpur", "gangaagroexports", "98390", "919839012345"];

describe(`the settings page for people on ${engineName}`, () => {
  it("shows the site's own settings as labelled fields in groups, the custom keys below with their delete icon", async () => {
    const html = await (await app.request("/admin/site-settings", { cookie })).text();
    let at = 0;
    for (const title of ["Contact", "Chat", "Social links", "Brand", "Time zone", "Other settings"]) {
      const found = html.indexOf(`>${title}</h2>`, at);
      expect(found, title).toBeGreaterThan(at);
      at = found;
    }
    for (const label of ["Address", "Email", "Phone", "WhatsApp number", "Facebook", "LinkedIn", "Logo"])
      expect(html, label).toMatch(new RegExp(`<label[^>]*>${label}`));
    // The time zone is a choice of zones, India's while none is stored.
    expect(html).toMatch(/<option value="Asia\/Kolkata" selected="">Asia\/Kolkata<\/option>/);
    expect(html).toContain('aria-label="Delete office_hours"');
    expect(html).not.toContain('aria-label="Delete whatsapp_number"');
  });

  it("refuses a number without its country code with a clear message, and stores a number as it is dialled", async () => {
    const refused = await save({ "value:s-whatsapp_number": "099887 66554" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Add the country code, starting with +: for an Indian number, +91 99887 66554.",
    );
    expect(await valueOf("whatsapp_number")).toBe("+91 99887 66554");

    expect((await save({ "value:s-contact_phone": "+919839012345" })).status).toBe(302);
    expect(await valueOf("contact_phone")).toBe("+91 98390 12345");
    expect(await page("/contact-us")).toContain('href="tel:+919839012345"');
    expect((await save({ "value:s-contact_phone": STORED.contact_phone })).status).toBe(302);
  });

  it("refuses a link that is not http(s), an email that is not one and a zone that does not exist", async () => {
    const response = await save({
      "value:s-social_facebook_url": "ftp://example.com/x",
      "value:s-contact_email": "sales at nashik",
      "value:new:site_time_zone": "Mars/Olympus",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Use a full web address starting with http:// or https://");
    expect(html).toContain("Use an email address, like exports@example.com.");
    expect(html).toContain("Choose a time zone from the list, like Asia/Kolkata.");
    expect(await valueOf("social_facebook_url")).toBe(STORED.social_facebook_url);
    expect(await valueOf("site_time_zone")).toBeUndefined();
  });

  it("stores one of the site's settings that was missing when it is first given a value", async () => {
    expect(await valueOf("social_linkedin_url")).toBeUndefined();
    const response = await save({
      "value:new:social_linkedin_url": "https://www.linkedin.com/company/nashik",
      "original:new:social_linkedin_url": "",
    });
    expect(response.status).toBe(302);
    expect(await valueOf("social_linkedin_url")).toBe("https://www.linkedin.com/company/nashik");
    expect(await page("/")).toContain('href="https://www.linkedin.com/company/nashik"');
  });

  it("keeps the site's own settings: deleting one is refused (clear it instead), a custom key can go", async () => {
    const refused = await app.request("/admin/site-settings", {
      form: { intent: "delete", id: "s-whatsapp_number" },
      cookie,
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("clear its value instead of deleting it");
    expect(await valueOf("whatsapp_number")).toBe(STORED.whatsapp_number);
    const custom = await app.request("/admin/site-settings", {
      form: { intent: "delete", id: "s-office_hours" },
      cookie,
    });
    expect(custom.status).toBe(302);
    expect(await valueOf("office_hours")).toBeUndefined();
  });

  it("shows every stored detail on the public site: footer, contact page, chat link, JSON-LD and the PDF", async () => {
    const home = await page("/");
    for (const text of ["Nashik", "mailto:sales@nashik.example", "tel:+919988766554", "wa.me/919988766554"])
      expect(home, text).toContain(text);
    const organization = organizationOf(home);
    expect(organization.email).toBe(STORED.contact_email);
    expect(JSON.stringify(organization.contactPoint)).toContain(STORED.contact_phone);
    const pdf = await readPdfText(
      new Uint8Array(await (await app.request("/products/onions/red-onion/spec-sheet.pdf")).arrayBuffer()),
    );
    for (const text of ["sales@nashik.example", STORED.contact_phone, "Nashik"]) expect(pdf, text).toContain(text);
  });

  it("hides each cleared detail everywhere instead of showing a demo value", async () => {
    // The address's translation goes with it: a cleared address is hidden in every language.
    await enableLanguages(t.db, "ar");
    await insertTranslation(t.db, "setting", "contact_address", "ar", { value: "طريق المندي، ناشيك" });
    expect(await page("/ar/contact-us")).toContain("طريق المندي");
    const cleared = await save({
      "value:s-contact_address": "",
      "value:s-contact_email": "",
      "value:s-contact_phone": " ",
      "value:s-whatsapp_number": "",
      "value:s-social_facebook_url": "",
      [`value:${await idOf("social_linkedin_url")}`]: "",
    });
    expect(cleared.status).toBe(302);
    // Cleared, not deleted: the keys stay, empty.
    for (const key of ["contact_address", "contact_email", "contact_phone", "whatsapp_number"])
      expect(await valueOf(key), key).toBe("");

    expect(await page("/ar/contact-us")).not.toContain("طريق المندي");
    for (const path of ["/", "/contact-us", "/products/onions/red-onion"]) {
      const html = await page(path);
      for (const text of [...DEMO, "Nashik", "nashik.example", "99887", "tel:", "<address"])
        expect(html, `${path}: ${text}`).not.toContain(text);
      // No link to the company's email or WhatsApp number; a product's 'Share' links name no one (`mailto:?subject=`,
      // `wa.me/?text=`): the buyer chooses whom to send them to.
      expect(html, path).not.toMatch(/mailto:[^?]/);
      expect(html, path).not.toMatch(/wa\.me\/\d/);
      expect(html, path).not.toMatch(/aria-label="(Facebook|LinkedIn)"/);
    }
    // The contact page shows no map of an empty address, and its description names no details.
    expect(await page("/contact-us")).not.toContain("google.com/maps");
    const organization = organizationOf(await page("/"));
    expect(organization).not.toHaveProperty("email");
    expect(organization).not.toHaveProperty("address");
    expect(organization).not.toHaveProperty("contactPoint");
    expect(organization.sameAs).toEqual([]);

    const pdf = await readPdfText(
      new Uint8Array(await (await app.request("/products/onions/red-onion/spec-sheet.pdf")).arrayBuffer()),
    );
    expect(pdf).toContain("Red Onion");
    for (const text of [...DEMO, "Nashik", "nashik.example", "99887"]) expect(pdf, text).not.toContain(text);
  });

  it("shows the company's name where a cleared logo was", async () => {
    await insertSetting(t.db, "header_logo_url", "https://cdn.example.com/logo.png");
    expect(await page("/about-us")).toContain('src="https://cdn.example.com/logo.png"');
    expect((await save({ [`value:${await idOf("header_logo_url")}`]: "" })).status).toBe(302);
    const html = await page("/about-us");
    expect(html).not.toContain("cdn.example.com/logo.png");
    expect(html).toContain("<span>Ganga Agro Exports</span>");
  });
});

describe(`the site's time zone in the back office on ${engineName}`, () => {
  let mailed: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { send } = contactFormSender(() => mailed);
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailed = await createTestApp(t.db, t.dataDir, {
      smtpUrl: smtp.url,
      inquiryNotifyTo: "sales@nashik.example",
      inquiryNotifyFrom: "website@nashik.example",
    });
  });
  afterAll(() => smtp.close());

  const admin = async (path: string) => {
    const response = await app.request(path, { cookie });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it("shows inquiry, note, blog and account times in India's zone by default, then in the zone chosen", async () => {
    expect((await send(VALID_CONTACT)).status).toBe(200);
    const { userId } = await signedInAs(t.db, "admin", "dated@example.com");
    const inquiry = await t.db
      .selectFrom("inquiries")
      .select("id")
      .where("email", "=", VALID_CONTACT.email)
      .executeTakeFirstOrThrow();
    // 10:05 UTC on 25 Nov 2026: 15:35 in India, 05:05 in New York; a post published at 02:00 UTC is on the 24th there.
    await t.db
      .updateTable("inquiries")
      .set({ created_at: "2026-11-25T10:05:00.000Z" })
      .where("id", "=", inquiry.id)
      .execute();
    await insertPost(t.db, {
      title: "Rabi onions",
      slug: "rabi-onions",
      content: "Crop report.",
      author_name: "Export Team",
      status: "published",
      published_at: "2026-11-25T02:00:00.000Z",
    });
    await t.db
      .updateTable("profiles")
      .set({ updated_at: "2026-11-25T02:00:00.000Z" })
      .where("id", "=", userId)
      .execute();

    expect(await admin("/admin/inquiries")).toContain("25 Nov 2026, 15:35 GMT+5:30");
    expect(await admin(`/admin/inquiries/${inquiry.id}`)).toContain("25 Nov 2026, 15:35 GMT+5:30");
    // One format across the back office (issue 41): the day first, as the times above write it.
    expect(await admin("/admin/manage-blog")).toMatch(/>25 Nov 2026</);
    expect(await admin("/admin/user-management")).toMatch(/>25 Nov 2026</);

    expect((await save({ "value:new:site_time_zone": "America/New_York" })).status).toBe(302);
    expect(await valueOf("site_time_zone")).toBe("America/New_York");
    expect(await admin("/admin/site-settings")).toMatch(/<option value="America\/New_York" selected="">/);
    expect(await admin("/admin/inquiries")).toContain("25 Nov 2026, 05:05 GMT-5");
    const detail = await admin(`/admin/inquiries/${inquiry.id}`);
    expect(detail).toContain("25 Nov 2026, 05:05 GMT-5");
    expect(detail).not.toContain("GMT+5:30");
    expect(await admin("/admin/manage-blog")).toMatch(/>24 Nov 2026</);
    expect(await admin("/admin/user-management")).toMatch(/>24 Nov 2026</);
  });

  it("dates the team's notification email in the site's zone", async () => {
    smtp.messages.length = 0;
    expect((await send({ ...VALID_CONTACT, email: "zone@example.ae" })).status).toBe(200);
    const mail = await eventually(async () => smtp.messages.find((m) => m.raw.includes("zone@example.ae")));
    expect(mail.raw).toMatch(/New inquiry received \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d GMT-[45]/);
  });
});
