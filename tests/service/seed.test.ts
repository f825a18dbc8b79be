import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { seedDemoIfEmpty } from "~/startup/seed/demo.server";
import { TRANSLATABLE } from "~/features/translations/registry.server";
import { loadTranslationGrid } from "~/features/translations/overview.server";
import { MAIN_FIELDS } from "~/features/translations/main-fields";
import { sourceHash } from "~/features/translations/source-hash";
import { expiresWithin, isExpired } from "~/features/certificates/validity";
import { utcDate } from "~/lib/time";
import { objectPathFromUrl } from "~/lib/storage/storage.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
const storage = () => createLocalStorage(path.join(t.dataDir, "storage"));
beforeAll(async () => {
  t = await createTestDatabase();
  expect(await seedDemoIfEmpty(t.db, storage())).toBe(true);
}, 120_000);
afterAll(() => t.cleanup());

describe(`demo content on ${engineName}`, () => {
  it("fills an empty database with the catalogue, certificates, gallery, blog, texts and settings, but no accounts", async () => {
    const count = async (table: "product_categories" | "products" | "gallery_items" | "users" | "profiles") =>
      (await t.db.selectFrom(table).select("id").execute()).length;
    expect(await count("product_categories")).toBeGreaterThanOrEqual(5);
    expect(await count("products")).toBeGreaterThanOrEqual(15);
    expect(await count("gallery_items")).toBe(8);
    expect(await count("users")).toBe(0);
    expect(await count("profiles")).toBe(0);

    const certificates = await t.db.selectFrom("certificates").selectAll().orderBy("sort_order").execute();
    expect(certificates.map((c) => c.name)).toEqual([
      "IEC",
      "GST",
      "APEDA",
      "FSSAI",
      "MSME",
      "ISO 22000",
      "GLOBALG.A.P.",
    ]);
    // Dates relative to the seeding day, so the demo never goes stale: all current, one due within the dashboard's
    // 60 days, every number set and every lookup page an https address.
    const today = utcDate(Date.now());
    const byName = new Map(certificates.map((c) => [c.name, c]));
    expect(byName.get("FSSAI")!.certificate_number).toMatch(/^\d{14}$/);
    expect(byName.get("GLOBALG.A.P.")!.certificate_number).toMatch(/^\d{13}$/);
    for (const c of certificates) {
      expect(c.certificate_number, c.name).toBeTruthy();
      expect(c.valid_from! < today, c.name).toBe(true);
      expect(isExpired(c.valid_until, today), c.name).toBe(false);
      if (c.verify_url) expect(c.verify_url, c.name).toMatch(/^https:\/\//);
    }
    expect(certificates.filter((c) => expiresWithin(c.valid_until, today, 60)).map((c) => c.name)).toEqual([
      "GLOBALG.A.P.",
    ]);

    const posts = await t.db.selectFrom("blog_posts").select(["status", "published_at"]).execute();
    expect(posts.filter((p) => p.status === "published" && p.published_at)).toHaveLength(3);
    expect(posts.filter((p) => p.status === "draft" && !p.published_at)).toHaveLength(1);

    const settings = await t.db.selectFrom("site_settings").select(["setting_key", "setting_value"]).execute();
    const keys = settings.map((s) => s.setting_key);
    for (const key of [
      "header_logo_url",
      "social_facebook_url",
      "social_twitter_url",
      "social_linkedin_url",
      "social_instagram_url",
      "contact_address",
      "contact_email",
      "contact_phone",
      "whatsapp_number",
    ]) {
      expect(keys).toContain(key);
    }
    expect(settings.find((s) => s.setting_key === "contact_address")?.setting_value).toContain("Kanpur");
    expect(
      (await t.db.selectFrom("page_content").select("id").where("page_slug", "=", "about-us").execute()).length,
    ).toBeGreaterThan(0);
  });

  it("gives every product specifications, export information and a real raster image", async () => {
    const products = await t.db.selectFrom("products").selectAll().execute();
    for (const product of products) {
      expect(Object.keys(JSON.parse(product.specifications)).length, product.name).toBeGreaterThan(0);
      expect(product.export_info, product.name).toBeTruthy();
      const file = storage().resolve(objectPathFromUrl(product.image_url)!);
      const meta = await sharp(file!).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBeGreaterThanOrEqual(800);
    }
    expect(products.some((p) => p.is_featured === 1)).toBe(true);
    expect(products.some((p) => JSON.parse(p.gallery_images).length > 1)).toBe(true);
  });

  it("adds two quote requests in the pipeline, their lines pointing at demo products, one with a note", async () => {
    const quotes = await t.db
      .selectFrom("inquiries")
      .selectAll()
      .where("kind", "=", "quote")
      .orderBy("created_at", "desc")
      .execute();
    expect(quotes.map((q) => [q.company, q.country, q.status, q.incoterm])).toEqual([
      ["Al Noor Foodstuff Trading LLC", "United Arab Emirates", "new", "FOB"],
      ["Sinar Segar Import Sdn Bhd", "Malaysia", "quoted", "CIF"],
    ]);
    for (const quote of quotes) expect(quote.delivery_month).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    const lines = await t.db
      .selectFrom("inquiry_lines")
      .innerJoin("products", "products.id", "inquiry_lines.product_id")
      .select(["inquiry_lines.inquiry_id", "products.slug", "inquiry_lines.product_name", "products.name"])
      .orderBy("inquiry_lines.inquiry_id")
      .orderBy("inquiry_lines.position")
      .execute();
    expect(lines.filter((l) => l.inquiry_id === quotes[0].id).map((l) => l.slug)).toEqual(["nashik-red-onion"]);
    expect(lines.filter((l) => l.inquiry_id === quotes[1].id).map((l) => l.slug)).toEqual([
      "indian-garlic-ooty-variety",
      "fresh-potato-jyoti",
    ]);
    for (const line of lines) expect(line.product_name).toBe(line.name);
    const notes = await t.db.selectFrom("inquiry_notes").selectAll().execute();
    expect(notes.map((n) => [n.inquiry_id, n.author_id])).toEqual([[quotes[1].id, null]]);
  });

  it("ships the demo in Arabic and Bengali: every product, category, certificate, gallery title, published post, page's main text and the address, up to date, with a slug per language", async () => {
    const rows = await t.db.selectFrom("content_translations").selectAll().execute();
    const published = new Set(
      (await t.db.selectFrom("blog_posts").select("id").where("status", "=", "published").execute()).map((p) => p.id),
    );
    const main = new Set(["home/hero_main_title", "home/hero_subtitle", "about-us/about_main_heading"]);
    for (const lang of ["ar", "bn"] as const)
      for (const kind of Object.values(TRANSLATABLE)) {
        for (const item of await kind.sources(t.db)) {
          if (kind.entity === "blog_post" && !published.has(item.id)) continue;
          if (kind.entity === "page_content" && !main.has(item.id)) continue;
          const mine = rows.filter((r) => r.entity === kind.entity && r.entity_id === item.id && r.lang === lang);
          for (const field of MAIN_FIELDS[kind.entity]) {
            const english = item.fields.find((f) => f.field === field)!.english;
            const row = mine.find((r) => r.field === field);
            expect(row?.value, `${lang} ${item.title} ${field}`).toBeTruthy();
            expect(row?.value).not.toBe(english);
            expect(row?.source_hash, `${lang} ${item.title} ${field} is outdated`).toBe(sourceHash(english));
          }
          if (item.fields.some((f) => f.slug)) expect(mine.find((r) => r.field === "slug")?.value).toBeTruthy();
        }
      }
    // Each language's slugs are written in its own script.
    const slug = (lang: string) =>
      rows.find((r) => r.lang === lang && r.entity === "category" && r.field === "slug" && r.value.length > 0)!.value;
    expect(slug("ar")).toMatch(/\p{Script=Arabic}/u);
    expect(slug("bn")).toMatch(/\p{Script=Bengali}/u);
  });

  it("ships 100% translated in Arabic and Bengali, as the Translations screen counts: no field missing or outdated", async () => {
    const { progress } = await loadTranslationGrid(t.db, ["ar", "bn"], {});
    for (const language of progress) {
      expect(language.total, language.lang).toBeGreaterThan(300);
      expect({ lang: language.lang, missing: language.missing, outdated: language.outdated }).toEqual({
        lang: language.lang,
        missing: 0,
        outdated: 0,
      });
    }
  });

  it("does nothing on a database that has content", async () => {
    const before = (await t.db.selectFrom("products").select("id").execute()).length;
    expect(await seedDemoIfEmpty(t.db, storage())).toBe(false);
    expect((await t.db.selectFrom("products").select("id").execute()).length).toBe(before);
  });

  it("is on by default and off with SEED_DEMO=false", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "0" }).seedDemo).toBe(false);
  });
});
