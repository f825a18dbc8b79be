import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPageContent } from "~/features/content/content.server";
import type { PageSlug } from "~/features/content/home-content";
import { setLanguageEnabled } from "~/features/i18n/enabled-languages.server";
import { PAGE_MAIN_SECTIONS } from "~/features/translations/pages.server";
import { sourceHash } from "~/features/translations/source-hash";
import { newId } from "~/lib/time";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { insertContentTranslation } from "../support/translations";

// Issue 26, the site's languages: enabling them (/admin/languages), their prefixes, hreflang links, the sitemap's
// alternates and the server's rules for prefixed paths. Pages in Arabic and Bengali next to English.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cached: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
const ORIGIN = "https://www.example.com";
const CATEGORY = "/products/lang-onions";
const PRODUCT = `${CATEGORY}/lang-red-onion`;
let categoryId: string;
let productId: string;

/** A translation as the Translations screen saves it: with the hash of the English it was made from. */
async function translate(
  entity: string,
  entityId: string,
  lang: string,
  field: string,
  value: string,
  english: string,
) {
  await insertContentTranslation(t.db, {
    entity,
    entity_id: entityId,
    lang,
    field,
    value,
    scope: field === "slug" && entity === "product" ? categoryId : "",
    source_hash: sourceHash(english),
  });
}

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp({ publicUrl: ORIGIN }));
  cached = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN, pageCache: true });
  categoryId = await insertCategory(t.db, { name: "Lang Onions", slug: "lang-onions", description: "Onions." });
  productId = newId();
  await insertProduct(t.db, {
    id: productId,
    category_id: categoryId,
    name: "Lang Red Onion",
    slug: "lang-red-onion",
    description: "Red onions from Nashik.",
  });
  // The category and the product in Arabic (names, slugs, the product's description); nothing in Bengali.
  await translate("category", categoryId, "ar", "name", "بصل", "Lang Onions");
  await translate("category", categoryId, "ar", "slug", "بصل-لانغ", "lang-onions");
  await translate("product", productId, "ar", "name", "بصل أحمر", "Lang Red Onion");
  await translate("product", productId, "ar", "slug", "بصل-أحمر", "lang-red-onion");
  await translate("product", productId, "ar", "description", "بصل أحمر من ناشيك.", "Red onions from Nashik.");
  // The home and about pages' main texts in both (a page whose main text is untranslated leaves the set, ADR 0030).
  for (const [page, keys] of Object.entries(PAGE_MAIN_SECTIONS)) {
    const english = await getPageContent(t.db, page as PageSlug);
    for (const lang of ["ar", "bn"])
      for (const key of keys)
        await translate("page_content", `${page}/${key}`, lang, "content", `${lang}: ${english[key]}`, english[key]);
  }
});
afterAll(() => t.cleanup());

const setLanguage = (code: string, intent: "enable" | "disable") =>
  app.request("/admin/languages", { form: { code, intent }, cookie, headers: { Origin: ORIGIN } });

/** Every `<link>` of a page's head with its attributes. */
function linksOf(html: string) {
  return [...html.matchAll(/<link\b[^>]*>/g)].map((tag) =>
    Object.fromEntries(
      [...tag[0].matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), value]),
    ),
  );
}

/** A page's hreflang set: language (and x-default) → absolute URL. */
async function hreflangsOf(path: string) {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const set = new Map<string, string>();
  for (const link of linksOf(html)) if (link.rel === "alternate" && link.hreflang) set.set(link.hreflang, link.href);
  return { set, html };
}

describe(`enabling languages on ${engineName}`, () => {
  it("refuses a language whose interface texts are incomplete, and publishes a complete one under its prefix", async () => {
    // Nothing enabled yet: every prefix answers the 404, pages and data requests alike.
    for (const path of ["/ar", "/ar/about-us", "/ar.data", "/bn/blog", "/fr/contact-us"])
      expect((await app.request(path)).status, path).toBe(404);

    const page = await (await app.request("/admin/languages", { cookie })).text();
    expect(page).toContain("<title>Languages</title>");
    // Every shipped language's texts are complete (npm run i18n:check); a code the product does not ship is refused.
    expect(page).not.toMatch(/missing or incomplete/);
    expect((await setLanguage("xx", "enable")).status).toBe(404);
    expect(await t.db.selectFrom("languages").selectAll().where("code", "=", "xx").executeTakeFirst()).toBeUndefined();
    // A language whose texts lack anything is refused, writing nothing (the check is the one i18n:check runs).
    const incomplete = await setLanguageEnabled(t.db, "fr", true, () => [{ key: "nav.home", problem: "missing" }]);
    expect(incomplete).toEqual({ ok: false, problems: [{ key: "nav.home", problem: "missing" }] });
    const french = await t.db.selectFrom("languages").selectAll().where("code", "=", "fr").executeTakeFirst();
    expect(french?.enabled ?? 0).toBe(0);
    expect((await app.request("/fr/about-us")).status).toBe(404);

    for (const code of ["ar", "bn"]) expect((await setLanguage(code, "enable")).status, code).toBe(302);
    const arabic = await app.request("/ar/about-us");
    expect(arabic.status).toBe(200);
    expect(await arabic.text()).toMatch(/<html lang="ar" dir="rtl"/);
    expect(await (await app.request("/bn/about-us")).text()).toMatch(/<html lang="bn" dir="ltr"/);
    // A language not enabled is still nowhere, and an unknown prefix is the English 404 it always was.
    expect((await app.request("/fr/about-us")).status).toBe(404);
    expect((await app.request("/xx/about-us")).status).toBe(404);
    // One `/:lang/…` copy serves every language (issue 25): a code no language has renders no English page under it.
    const unknown = await app.request("/xx/gallery");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("<title>Page Not Found</title>");

    expect((await setLanguage("bn", "disable")).status).toBe(302);
    expect((await app.request("/bn/about-us")).status).toBe(404);
    expect((await setLanguage("bn", "enable")).status).toBe(302);
  });

  it("links every version of a page to every other, itself and x-default (English) included", async () => {
    for (const english of ["/", "/about-us", "/our-products", "/contact-us", CATEGORY, PRODUCT]) {
      const { set } = await hreflangsOf(english);
      expect(set.get("en"), english).toBe(`${ORIGIN}${english}`);
      expect(set.get("x-default"), english).toBe(`${ORIGIN}${english}`);
      // Each version the English page names names the same set back (a missing return link would void them).
      for (const [lang, url] of set) {
        if (lang === "x-default") continue;
        const { set: back, html } = await hreflangsOf(url.slice(ORIGIN.length));
        expect([...back.entries()].sort(), `${url} → ${english}`).toEqual([...set.entries()].sort());
        expect(html, url).toContain(`<link rel="canonical" href="${url}"/>`);
        expect(html, url).toMatch(new RegExp(`<html lang="${lang}"`));
      }
    }
    const { set: home } = await hreflangsOf("/ar");
    expect(home.get("bn")).toBe(`${ORIGIN}/bn`);
  });

  it("says the page's locale and its alternates to social sites, and its language to structured data", async () => {
    const { html } = await hreflangsOf("/ar/about-us");
    expect(html).toContain('<meta property="og:locale" content="ar_AE"/>');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US"/>');
    expect(html).toContain('<meta property="og:locale:alternate" content="bn_BD"/>');
    expect(html).toContain('"inLanguage":"ar"');
  });

  it("offers the same page in each language in the header's switcher", async () => {
    const { html } = await hreflangsOf("/ar/contact-us");
    const switcher = html.slice(html.indexOf('data-testid="language-switcher"'));
    expect(switcher).toMatch(/href="\/contact-us"[^>]*hrefLang="en"|href="\/contact-us"[^>]*hreflang="en"/i);
    expect(switcher).toMatch(/href="\/bn\/contact-us"/);
    expect(switcher).toContain(">English<");
    expect(switcher).toContain(">বাংলা<");
    expect(switcher).toContain(">العربية<");
    // The chrome speaks the page's language, and its links stay in it.
    expect(html).toContain('href="/ar/about-us"');
    expect(html).toContain(">من نحن<");
  });
});

describe(`the sitemap in every language on ${engineName}`, () => {
  it("lists each language's files, each URL with its available versions as xhtml:link alternates", async () => {
    const index = await (await app.request("/sitemap.xml")).text();
    for (const file of ["pages-1", "products-1", "pages-ar-1", "products-ar-1", "pages-bn-1", "products-bn-1"])
      expect(index, file).toContain(`${ORIGIN}/sitemaps/${file}.xml`);
    expect(index).not.toContain("pages-fr-1");
    expect((await app.request("/sitemaps/pages-fr-1.xml")).status).toBe(404);

    const arPages = await (await app.request("/sitemaps/pages-ar-1.xml")).text();
    expect(arPages).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const arCategory = `${ORIGIN}/ar/products/${encodeURIComponent("بصل-لانغ")}`;
    expect(arPages).toContain(`<loc>${arCategory}</loc>`);
    const categoryUrl = arPages.slice(arPages.indexOf(`<loc>${arCategory}</loc>`)).split("</url>")[0];
    expect(categoryUrl).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}${CATEGORY}"/>`);
    expect(categoryUrl).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${arCategory}"/>`);
    expect(categoryUrl).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}${CATEGORY}"/>`);
    // Untranslated in Bengali: not in Bengali's files, and no Bengali alternate.
    expect(categoryUrl).not.toContain('hreflang="bn"');
    expect(await (await app.request("/sitemaps/pages-bn-1.xml")).text()).not.toContain("/bn/products/");
    expect(arPages).toContain(`<loc>${ORIGIN}/ar/about-us</loc>`);

    const arProducts = await (await app.request("/sitemaps/products-ar-1.xml")).text();
    expect(arProducts).toContain(`<loc>${arCategory}/${encodeURIComponent("بصل-أحمر")}</loc>`);
    const enProducts = await (await app.request("/sitemaps/products-1.xml")).text();
    expect(enProducts).toContain(`<loc>${ORIGIN}${PRODUCT}</loc>`);
    expect(enProducts).toContain(`hreflang="ar" href="${arCategory}/${encodeURIComponent("بصل-أحمر")}"`);
    const bnProducts = await app.request("/sitemaps/products-bn-1.xml");
    expect(bnProducts.status).toBe(200);
    expect(await bnProducts.text()).not.toContain("<loc>");
  });
});

describe(`prefixed paths on the server on ${engineName}`, () => {
  it("never answers or keeps a visitor's quote list in the page cache, in any language", async () => {
    for (const path of ["/ar/request-quote", "/ar/request-quote/sent", "/bn/request-quote"]) {
      await cached.request(path);
      const again = await cached.request(path);
      expect(again.headers.get("ETag"), path).toBeNull();
      expect(again.headers.get("Cache-Control"), path).toMatch(/private/);
    }
    // Other Arabic pages are cached, apart from English's.
    await cached.request("/ar/about-us");
    expect((await cached.request("/ar/about-us")).headers.get("ETag")).toBeTruthy();
  });

  it("keeps only the query parameters a page reads, under a prefix too", async () => {
    const contact = await app.request("/ar/contact-us?product_name=Red+Onion&ref=1");
    expect(contact.status).toBe(301);
    expect(contact.headers.get("Location")).toBe("/ar/contact-us?product_name=Red+Onion");
    const category = await app.request(`/ar${CATEGORY}?utm_source=x&page=2`);
    expect(category.status).toBe(301);
    expect(category.headers.get("Location")).toBe(`/ar${CATEGORY}?page=2`);
  });
});
