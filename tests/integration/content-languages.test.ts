import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCategoryPage, findProductPage } from "~/features/translations/catalogue.server";
import { findPostPage } from "~/features/translations/blog.server";
import { nowIso } from "~/lib/time";
import { insertPageContent, insertPost, insertSetting } from "../support/builders";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { enableLanguages, insertTranslation } from "../support/translations";

// Content in each language, field by field with English fallback; translated slugs and their 301s; an untranslated
// page answers 200 with a notice, never 404 (issue 26, ADR 0030).

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;
let redOnion: string;
let whiteOnion: string;
let post: string;

const AR = {
  category: "بصل",
  categorySlug: "بصل",
  product: "بصل أحمر",
  productSlug: "بصل-أحمر",
  description: "بصل أحمر طازج من ناشيك، مفرز ومعبأ للتصدير.",
  post: "موسم البصل الجديد",
  postSlug: "موسم-البصل",
  postBody: "بدأ حصاد البصل في ناشيك.",
  hero: "منتجات هندية ممتازة تصل إلى العالم",
  address: "كانبور، أوتار براديش، الهند",
};
const BN = { product: "লাল পেঁয়াজ", category: "পেঁয়াজ" };
const UNTRANSLATED_AR = "لم تُترجم هذه الصفحة بعد";

const post_ = (slug: string, title: string, content: string) =>
  insertPost(t.db, {
    title,
    slug,
    content,
    excerpt: "An English excerpt",
    author_name: "Team",
    tags: '["harvest"]',
    status: "published",
    published_at: "2026-06-01T00:00:00.000Z",
  });

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  await enableLanguages(t.db, "ar", "bn");
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions", description: "Onions from Nashik" });
  redOnion = await insertProduct(t.db, {
    category_id: onions,
    name: "Red Onion",
    slug: "red-onion",
    description: "Fresh red onions from Nashik, graded and packed for export.",
    export_info: "Shipped in reefer containers from Nhava Sheva.",
    specifications: JSON.stringify({ Size: "55 mm", Colour: "Red", Organic: false }),
  });
  whiteOnion = await insertProduct(t.db, { category_id: onions, name: "White Onion", slug: "white-onion" });
  post = await post_("new-season", "New onion season", "The onion harvest has begun in Nashik.");
  await post_("english-only", "English only post", "Only in English.");
  await insertPageContent(t.db, "home", "hero_main_title", "Premium Indian Produce");

  // Arabic: most of it, with slugs; export information and the colour left in English.
  await insertTranslation(t.db, "category", onions, "ar", { name: AR.category, slug: AR.categorySlug });
  await insertTranslation(
    t.db,
    "product",
    redOnion,
    "ar",
    { name: AR.product, slug: AR.productSlug, description: AR.description, "spec:Size:value": "٥٥ مم" },
    onions,
  );
  await insertTranslation(t.db, "blog_post", post, "ar", { title: AR.post, slug: AR.postSlug, content: AR.postBody });
  for (const [key, value] of Object.entries({
    hero_main_title: AR.hero,
    hero_subtitle: "بصل وثوم وبطاطس طازجة",
    about_title: "جذورنا في مزارع الهند",
    about_description: "نعمل مع المزارعين",
  }))
    await insertTranslation(t.db, "page_content", `home/${key}`, "ar", { content: value });
  // The English address its translation belongs to (a missing one is hidden in every language, ADR 0035).
  await insertSetting(t.db, "contact_address", "117/N/72, Kakadeo, Kanpur, Uttar Pradesh 208025, India");
  await insertSetting(t.db, "whatsapp_number", "+91 98390 12345");
  await insertTranslation(t.db, "setting", "contact_address", "ar", { value: AR.address });
  // Bengali: names only, no slugs, so its pages are not available (the description is the product's main text).
  await insertTranslation(t.db, "category", onions, "bn", { name: BN.category });
  await insertTranslation(t.db, "product", redOnion, "bn", { name: BN.product });
});
afterAll(() => t.cleanup());

const get = (path: string) => app.request(encodeURI(path));
async function html(path: string) {
  const response = await get(path);
  expect(response.status, `${path}: ${response.status} ${response.headers.get("Location") ?? ""}`).toBe(200);
  return response.text();
}
/** The opening tag of the element whose text starts with `text`, in the page's main part (not its meta tags). */
function tagBefore(page: string, text: string): string {
  const main = page.slice(page.indexOf('<main id="main"'));
  const at = main.indexOf(text);
  expect(at, text).toBeGreaterThan(-1);
  return main.slice(main.lastIndexOf("<", at), at);
}
/** The untranslated notice's text, or null (the page's texts also travel in its data, so look at the element). */
const notice = (page: string) => /data-testid="untranslated"[^>]*>(?:<[^>]+>)*([^<]+)/.exec(page)?.[1] ?? null;
const markedEnglish = (page: string, text: string) => expect(tagBefore(page, text), text).toMatch(/lang="en"/);
const notMarked = (page: string, text: string) => expect(tagBefore(page, text), text).not.toMatch(/lang="en"/);
async function expectMoved(from: string, to: string) {
  const response = await get(from);
  expect(response.status, from).toBe(301);
  expect(decodeURI(response.headers.get("Location") ?? ""), from).toBe(to);
}

describe(`content in three languages on ${engineName}`, () => {
  it("shows a product in English, in Arabic field by field with English fallback, and in Bengali with the notice", async () => {
    const en = await html("/products/onions/red-onion");
    notMarked(en, "Red Onion</h1>");
    notMarked(en, "Shipped in reefer");
    expect(notice(en)).toBeNull();

    const ar = await html(`/ar/products/${AR.categorySlug}/${AR.productSlug}`);
    notMarked(ar, `${AR.product}</h1>`);
    notMarked(ar, AR.description);
    notMarked(ar, "٥٥ مم");
    markedEnglish(ar, "Shipped in reefer containers");
    expect(tagBefore(ar, "Shipped in reefer")).toMatch(/dir="ltr"/);
    markedEnglish(ar, "Red</dd>"); // the colour, untranslated
    notMarked(ar, "لا</dd>"); // a Yes/No row says No in the interface's Arabic, never the English "No"
    expect(ar).not.toContain(">No</dd>");
    expect(ar).toContain(AR.category);
    expect(notice(ar)).toBeNull();
    // The chat button's first message (in the page's data: the button shows once the visitor scrolls) is Arabic,
    // the product's Arabic name in it.
    const data = await (await get(`/ar/products/${AR.categorySlug}/${AR.productSlug}.data`)).text();
    expect(data).toContain(`"مرحبًا، أنا مهتم بمنتج ${AR.product}. هل يمكنكم إرسال سعر التصدير ومدى التوفر؟"`);

    // Bengali has the name but not the description: shown, in English where missing, with the notice.
    const bn = await html("/bn/products/onions/red-onion");
    notMarked(bn, "না</dd>");
    notMarked(en, "No</dd>");
    notMarked(bn, `${BN.product}</h1>`);
    markedEnglish(bn, "Fresh red onions from Nashik");
    expect(notice(bn)).toBeTruthy();
  });

  it("lists each product's available versions, itself included, at their paths in each language", async () => {
    const en = await findProductPage(t.db, "en", "onions", "red-onion");
    const expected = {
      en: "/products/onions/red-onion",
      ar: `/ar/products/${AR.categorySlug}/${AR.productSlug}`,
    };
    expect(en?.alternates).toEqual(expected);
    expect((await findProductPage(t.db, "ar", AR.categorySlug, AR.productSlug))?.alternates).toEqual(expected);
    const bn = await findProductPage(t.db, "bn", "onions", "red-onion");
    expect(bn?.available).toBe(false);
    expect(bn?.alternates).toEqual(expected);
    // An untranslated product in a translated category keeps its English slug under the Arabic category slug.
    const white = await findProductPage(t.db, "ar", AR.categorySlug, "white-onion");
    expect(white?.available).toBe(false);
    expect(white?.alternates).toEqual({ en: "/products/onions/white-onion" });
    expect(white?.canonical).toBe(`/products/${AR.categorySlug}/white-onion`);
    // Its page shows English text under /ar: it names the English page canonical, so it is never indexed as Arabic.
    const page = await html(`/ar/products/${AR.categorySlug}/white-onion`);
    expect(page).toContain('<link rel="canonical" href="http://localhost:3000/products/onions/white-onion"/>');
    expect(page).toContain('<meta property="og:url" content="http://localhost:3000/products/onions/white-onion"/>');
    // A translated one names itself.
    const translated = await html(`/ar/products/${AR.categorySlug}/${AR.productSlug}`);
    expect(decodeURI(translated)).toContain(
      `<link rel="canonical" href="http://localhost:3000/ar/products/${AR.categorySlug}/${AR.productSlug}"/>`,
    );
  });

  it("shows a category in three languages, its cards in the language and linked by translated slugs", async () => {
    const ar = await html(`/ar/products/${AR.categorySlug}`);
    expect(ar).toContain(`${AR.category}</span></h1>`);
    markedEnglish(ar, "Onions from Nashik"); // the description, untranslated
    notMarked(ar, `${AR.product}</h2>`);
    markedEnglish(ar, "White Onion</h2>");
    expect(decodeURIComponent(ar)).toContain(`/products/${AR.categorySlug}/${AR.productSlug}`);
    expect(notice(ar)).toBeNull();
    const bn = await html("/bn/products/onions");
    expect(bn).toContain(BN.category);
    expect(notice(bn)).toBeNull(); // a category's main text is its name
    expect((await findCategoryPage(t.db, "en", "onions"))?.alternates).toEqual({
      en: "/products/onions",
      ar: `/ar/products/${AR.categorySlug}`,
      bn: "/bn/products/onions",
    });
  });

  it("shows a post in Arabic, and an untranslated post under /ar with 200 and the notice in Arabic", async () => {
    const ar = await html(`/ar/blog/${AR.postSlug}`);
    notMarked(ar, `${AR.post}</h1>`);
    expect(ar).toContain(AR.postBody);
    expect(ar).toMatch(/<ul[^>]*aria-label="[^"]+"[^>]*lang="en"/); // the tags, untranslated
    const untranslated = await html("/ar/blog/english-only");
    expect(notice(untranslated)).toContain(UNTRANSLATED_AR);
    markedEnglish(untranslated, "English only post</h1>");
    expect((await findPostPage(t.db, "en", "new-season"))?.alternates).toEqual({
      en: "/blog/new-season",
      ar: `/ar/blog/${AR.postSlug}`,
    });
    // The blog list shows each post in the language, linked by its translated slug.
    const list = await html("/ar/blog");
    expect(list).toContain(AR.post);
    markedEnglish(list, "English only post</a>");
  });

  it("shows the home page and the contact address in Arabic, and in Bengali with the notice", async () => {
    const ar = await html("/ar");
    notMarked(ar, `${AR.hero}</h1>`);
    markedEnglish(ar, "Explore our categories of fresh"); // a section left in English
    expect(ar).toContain(AR.address);
    expect(notice(ar)).toBeNull();
    const bn = await html("/bn");
    expect(notice(bn)).toBeTruthy();
    markedEnglish(bn, "Premium Indian Produce</h1>");
    markedEnglish(bn, "117/N/72, Kakadeo");
    const en = await html("/");
    notMarked(en, "Premium Indian Produce</h1>");
    notMarked(en, "117/N/72, Kakadeo");
  });

  it("answers every list page under /ar with 200, items in Arabic or marked English", async () => {
    for (const path of ["/ar/our-products", "/ar/gallery", "/ar/certificates-memberships", "/ar/about-us"]) {
      const page = await html(path);
      if (path !== "/ar/about-us") expect(notice(page), path).toBeNull();
    }
    expect(await html("/ar/our-products")).toContain(AR.category);
    // The about page has no Arabic main text: answered, in English, with the notice in Arabic.
    expect(notice(await html("/ar/about-us"))).toContain(UNTRANSLATED_AR);
  });
});

describe(`translated slugs and their 301s on ${engineName}`, () => {
  it("finds pages by translated slugs and sends English slugs under a prefix to the language's address", async () => {
    await expectMoved("/ar/products/onions/red-onion", `/ar/products/${AR.categorySlug}/${AR.productSlug}`);
    await expectMoved(`/ar/products/${AR.categorySlug}/red-onion`, `/ar/products/${AR.categorySlug}/${AR.productSlug}`);
    await expectMoved("/ar/products/onions/white-onion", `/ar/products/${AR.categorySlug}/white-onion`);
    await expectMoved("/ar/products/onions", `/ar/products/${AR.categorySlug}`);
    await expectMoved("/ar/blog/new-season", `/ar/blog/${AR.postSlug}`);
    // Another language's slugs answer 301 to this language's address.
    await expectMoved(`/bn/products/${AR.categorySlug}/${AR.productSlug}`, "/bn/products/onions/red-onion");
    await expectMoved(`/bn/products/${AR.categorySlug}`, "/bn/products/onions");
    await expectMoved(`/bn/blog/${AR.postSlug}`, "/bn/blog/new-season");
    // Without translated slugs, the English ones are the language's address.
    await html("/bn/products/onions/red-onion");
    await html("/bn/blog/new-season");
    // English pages never answer to translated slugs.
    expect((await get(`/products/${AR.categorySlug}/${AR.productSlug}`)).status).toBe(404);
    expect((await get(`/blog/${AR.postSlug}`)).status).toBe(404);
  });

  it("answers 301 for an old translated slug and for a renamed English slug under a prefix", async () => {
    await t.db
      .insertInto("redirects")
      .values([
        { from_path: "/ar/blog/موسم-قديم", to_path: `/ar/blog/${AR.postSlug}`, created_at: nowIso() },
        { from_path: "/blog/old-season", to_path: "/blog/new-season", created_at: nowIso() },
      ])
      .execute();
    await expectMoved("/ar/blog/موسم-قديم", `/ar/blog/${AR.postSlug}`);
    await expectMoved("/bn/blog/old-season", "/bn/blog/new-season");
    expect((await get("/ar/blog/never-was")).status).toBe(404);
  });

  it("keeps slugs unique per language and scope, and lets them repeat across languages", async () => {
    await expect(
      insertTranslation(t.db, "product", whiteOnion, "ar", { slug: AR.productSlug }, onions),
    ).rejects.toThrow();
    await insertTranslation(t.db, "product", redOnion, "bn", { slug: AR.productSlug }, onions);
    await html(`/bn/products/onions/${AR.productSlug}`);
  });
});

describe(`translations deleted with their item on ${engineName}`, () => {
  it("removes a product's translations in every language when the product is deleted", async () => {
    const doomed = await insertProduct(t.db, { category_id: onions, name: "Doomed", slug: "doomed" });
    await insertTranslation(t.db, "product", doomed, "ar", { name: "محذوف", slug: "محذوف" }, onions);
    await insertTranslation(t.db, "product", doomed, "bn", { name: "মুছে ফেলা" });
    const response = await app.request("/admin/manage-products", {
      form: { intent: "delete", id: doomed },
      cookie,
    });
    expect(response.status).toBe(302);
    const left = await t.db
      .selectFrom("content_translations")
      .select("lang")
      .where("entity", "=", "product")
      .where("entity_id", "=", doomed)
      .execute();
    expect(left).toEqual([]);
  });
});
