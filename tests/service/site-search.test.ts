import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { productsNamed, searchSite } from "~/features/search/search.server";
import { listProductsForAdmin } from "~/features/catalogue/product-admin.server";
import { reindexEverything, syncSearchIndex } from "~/features/search/search-index.server";
import type { SearchHit } from "~/features/search/search-results";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import type { Language } from "~/lib/i18n/languages";
import { nowIso } from "~/lib/time";
import { insertPost } from "../support/builders";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// The site search (issue 43) on the engine under test: what a buyer types in any language finds the product, in the
// page's language, and nothing the public may not see.
let test: TestDatabase;
let db: Db;
const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "agro-search-")));
const ids: Record<string, string> = {};

async function translate(entity: string, entityId: string, lang: string, fields: Record<string, string>) {
  await db
    .insertInto("content_translations")
    .values(
      Object.entries(fields).map(([field, value]) => ({
        entity,
        entity_id: entityId,
        lang,
        field,
        value,
        source_hash: "x",
        updated_at: nowIso(),
      })),
    )
    .execute();
}

const search = (query: string, lang: Language = "en", page = 1) =>
  searchSite(db, storage, { query, lang, page, wording: wordingOf(lang) });
const label = (hit: SearchHit) => `${hit.kind}:${hit.kind === "post" ? hit.title : hit.name}`;
const found = async (query: string, lang: Language = "en") => (await search(query, lang)).hits.map(label);

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  ids.onions = await insertCategory(db, {
    name: "Fresh Onions",
    slug: "fresh-onions",
    description: "Stored in ventilated warehouses.",
  });
  ids.garlicCategory = await insertCategory(db, { name: "Garlic", slug: "garlic" });
  ids.drafts = await insertCategory(db, { name: "Secret Vegetables", slug: "secret" });
  await db.updateTable("product_categories").set({ status: "draft" }).where("id", "=", ids.drafts).execute();
  ids.nashik = await insertProduct(db, {
    category_id: ids.onions,
    name: "Nashik Red Onion",
    description: "Pungent onions from Maharashtra, dried in the field.",
    specifications: JSON.stringify({ Size: "55mm+", Colour: "Dark red" }),
    trade_terms: JSON.stringify({ hs_code: "0703.10", packaging: ["Mesh bag 25 kg"] }),
  });
  ids.white = await insertProduct(db, {
    category_id: ids.onions,
    name: "White Onion",
    description: "Mild and sweet.",
  });
  ids.garlic = await insertProduct(db, {
    category_id: ids.garlicCategory,
    name: "Garlic Cloves",
    description: "Peeled cloves. Pairs well with onion.",
  });
  ids.draftProduct = await insertProduct(db, {
    category_id: ids.onions,
    name: "Onion Powder Draft",
    status: "draft",
  });
  ids.inDraftCategory = await insertProduct(db, { category_id: ids.drafts, name: "Hidden Onion Seeds" });
  await translate("product", ids.nashik, "ar", { name: "بصل ناشيك الأحمر", description: "بصلٌ لاذعٌ من ماهاراشترا" });
  await translate("product", ids.nashik, "bn", { name: "নাসিকের লাল পেঁয়াজ", description: "মহারাষ্ট্রের ঝাঁঝালো পেঁয়াজ" });
  await translate("category", ids.onions, "ar", { name: "بصل طازج" });
  ids.post = await insertPost(db, {
    title: "Onion harvest report",
    slug: "onion-harvest",
    content: "The rabi harvest in Lasalgaon is in.",
    status: "published",
    published_at: nowIso(),
  });
  ids.draftPost = await insertPost(db, { title: "Onion prices next year", slug: "draft-post", status: "draft" });
}, 60_000);
afterAll(async () => {
  await test.cleanup();
});

describe(`site search on ${engineName}`, () => {
  it("finds products, categories and published posts by name, best match first", async () => {
    const hits = await found("onion");
    expect(hits.slice(0, 3).sort()).toEqual([
      "category:Fresh Onions",
      "product:Nashik Red Onion",
      "product:White Onion",
    ]);
    expect(hits).toEqual(
      expect.arrayContaining(["category:Fresh Onions", "post:Onion harvest report", "product:Garlic Cloves"]),
    );
    // A word in the name ranks above the same word in a description.
    expect(hits.indexOf("product:Garlic Cloves")).toBeGreaterThan(hits.indexOf("product:White Onion"));
  });

  it("never finds a draft, a product of a draft category, or a draft post", async () => {
    const hits = await found("onion");
    expect(hits).not.toContain("product:Onion Powder Draft");
    expect(hits).not.toContain("product:Hidden Onion Seeds");
    expect(hits).not.toContain("post:Onion prices next year");
    expect(await found("secret vegetables")).toEqual([]);
  });

  it("finds by description, specifications and trade terms: '0703' and '070310' find the HS code 0703.10", async () => {
    expect(await found("maharashtra")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("55mm")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("0703")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("070310")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("mesh bag")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("lasalgaon")).toEqual(["post:Onion harvest report"]);
  });

  it("matches every word, a word being typed as a prefix, stems, and one typo in a longer word", async () => {
    expect(await found("red onion ")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("nashik oni")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("nash")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("onions white")).toEqual(["product:White Onion"]);
    expect(await found("garlc")).toEqual(expect.arrayContaining(["product:Garlic Cloves", "category:Garlic"]));
    expect(await found("nashk")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("maharastra")).toEqual(["product:Nashik Red Onion"]);
    expect(await found("zzzzzz")).toEqual([]);
  });

  it("finds by the trade's synonyms, which an administrator keeps", async () => {
    expect(await found("pyaz")).toEqual(expect.arrayContaining(["product:Nashik Red Onion", "product:White Onion"]));
    expect(await found("kanda white")).toEqual(["product:White Onion"]);
    expect(await found("lahsun")).toEqual(expect.arrayContaining(["product:Garlic Cloves"]));
    await db
      .insertInto("search_synonyms")
      .values({ id: "t1", words: "cloves, kali", created_at: nowIso(), updated_at: nowIso() })
      .execute();
    expect(await found("kali")).toEqual(["product:Garlic Cloves"]);
  });

  it("finds by a translation, however the Arabic is written, and shows the page's language", async () => {
    // Alef with hamza typed bare, taa marbuta, harakat and tatweel in the stored text, article or none.
    for (const query of ["احمر", "الأحمر", "بصل ناشيك", "ناشـيك", "لاذع"])
      expect(await found(query, "en"), query).toEqual(["product:Nashik Red Onion"]);
    // Found by its Arabic name on an English page: shown in English; by its English name on an Arabic page: Arabic.
    expect(await found("nashik", "ar")).toEqual(["product:بصل ناشيك الأحمر"]);
    const [hit] = (await search("নাসিকের", "ar")).hits;
    expect(hit).toMatchObject({ kind: "product", name: "بصل ناشيك الأحمر", categorySlug: "fresh-onions" });
  });

  it("finds by a Bengali translation typed with or without the nukta and joiners", async () => {
    for (const query of ["নাসিকের লাল", "নাসিকের\u200c লাল", "ঝাঁঝালো", "ঝাঁঝালো\u200d"])
      expect(await found(query, "bn"), query).toEqual(["product:নাসিকের লাল পেঁয়াজ"]);
    // য় precomposed or as য with a nukta: the same word (also a synonym of onion, so every onion is found).
    const onions = await found("পেঁয়াজ", "bn");
    expect(onions).toEqual(expect.arrayContaining(["product:নাসিকের লাল পেঁয়াজ", "product:White Onion"]));
    expect(await found("পেঁযা়জ", "bn")).toEqual(onions);
    expect(await found("بصل", "bn")).toEqual(
      expect.arrayContaining(["product:নাসিকের লাল পেঁয়াজ", "product:White Onion"]),
    );
  });

  it("follows every change at once: a rename, a deletion, a translation removed, a product published", async () => {
    const id = await insertProduct(db, { category_id: ids.onions, name: "Shallot Sambar", status: "draft" });
    expect(await found("sambar")).toEqual([]);
    await db.updateTable("products").set({ status: "published" }).where("id", "=", id).execute();
    expect(await found("sambar")).toEqual(["product:Shallot Sambar"]);
    await db
      .updateTable("products")
      .set({ name: "Shallot Small", slug: "shallot-small" })
      .where("id", "=", id)
      .execute();
    expect(await found("sambar")).toEqual([]);
    expect(await found("shallot small")).toEqual(["product:Shallot Small"]);
    // Its address alone changed: its words are the document's too (the back office searches them).
    await db.updateTable("products").set({ slug: "shallot-tiny" }).where("id", "=", id).execute();
    expect(await found("tiny")).toEqual(["product:Shallot Small"]);
    await translate("product", id, "ar", { name: "كراث صغير" });
    // Saved again as the Translations screen saves (an upsert) while the product is still marked: the mark is kept,
    // the save is not refused (an upsert's conflict rule reaches into the triggers on SQLite).
    await db
      .insertInto("content_translations")
      .values({
        entity: "product",
        entity_id: id,
        lang: "ar",
        field: "name",
        value: "كراث صغير",
        source_hash: "y",
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(["entity", "entity_id", "lang", "field"]).doUpdateSet({ source_hash: "y" }))
      .execute();
    expect(await found("كراث")).toEqual(["product:Shallot Small"]);
    await db.deleteFrom("content_translations").where("entity_id", "=", id).execute();
    expect(await found("كراث")).toEqual([]);
    await db.deleteFrom("products").where("id", "=", id).execute();
    expect(await found("shallot")).toEqual([]);
  });

  it("pages its results and bounds the query", async () => {
    const category = await insertCategory(db, { name: "Potatoes", slug: "potatoes" });
    for (let i = 0; i < 25; i++) await insertProduct(db, { category_id: category, name: `Quokka Potato ${i}` });
    const first = await search("quokka");
    expect({ total: first.total, pageCount: first.pageCount, shown: first.hits.length }).toEqual({
      total: 25,
      pageCount: 2,
      shown: 20,
    });
    const second = await search("quokka", "en", 2);
    expect(second.hits).toHaveLength(5);
    expect(new Set([...first.hits, ...second.hits].map((hit) => hit.id)).size).toBe(25);
    expect((await search("quokka", "en", 9)).hits).toEqual([]);
    // The ninth word and everything past 100 characters are not searched.
    expect((await search("one two three four five six seven eight quokka")).total).toBe(0);
    expect((await search(`quokka ${"x".repeat(200)}`)).query).toHaveLength(100);
    expect(await search("   ")).toMatchObject({ total: 0, hits: [], pageCount: 0 });
  });

  it("is written once by two indexers at the same moment (two instances), and a bounded run leaves the rest", async () => {
    const category = await insertCategory(db, { name: "Bulk", slug: "bulk" });
    for (let i = 0; i < 6; i++)
      await db
        .insertInto("products")
        .values(
          Array.from({ length: 200 }, (_, j) => ({
            id: `bulk-${i}-${j}`,
            name: `Wombat Onion ${i}-${j}`,
            slug: `wombat-${i}-${j}`,
            category_id: category,
            gallery_images: "[]",
            specifications: "{}",
            is_featured: 0 as const,
            created_at: nowIso(),
            updated_at: nowIso(),
          })),
        )
        .execute();
    expect(await syncSearchIndex(db, { maxBatches: 1 })).toBe(false);
    await reindexEverything(db);
    // Two at once, as two instances would: each batch is claimed by one of them, and no document is written twice.
    expect(await Promise.all([syncSearchIndex(db), syncSearchIndex(db)])).toEqual([true, true]);
    const [documents, products] = await Promise.all([
      db
        .selectFrom("search_documents")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("entity", "=", "product")
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    expect(Number(documents.n)).toBe(Number(products.n));
    // Past 1,000 matches a search ranks and pages through the first thousand only, and says there are more.
    expect(await search("wombat")).toMatchObject({ total: 1000, more: true, pageCount: 50 });
    expect((await search("wombat", "en", 50)).hits).toHaveLength(20);
  });

  it("serves the back office's product search from the index: drafts too, words from their start, slugs, translations", async () => {
    const names = async (q: string) =>
      (await listProductsForAdmin(db, { page: 1, named: await productsNamed(db, q) })).rows.map((row) => row.name);
    expect(await names("onion powder")).toEqual(["Onion Powder Draft"]);
    expect(await names("nash RED")).toEqual(["Nashik Red Onion"]);
    expect(await names("nashik-red-onion")).toEqual(["Nashik Red Onion"]);
    expect(await names("ناشيك")).toEqual(["Nashik Red Onion"]);
    expect(await names("ashik")).toEqual([]);
    expect(await names("---")).toEqual([]);
    expect((await listProductsForAdmin(db, { page: 1, named: await productsNamed(db, "wombat") })).total).toBe(1200);
  });
});
