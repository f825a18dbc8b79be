import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, nowIso } from "~/lib/time";
import { insertPageContent, insertPost, insertSetting } from "../support/builders";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const addCategory = (slug: string) => insertCategory(t.db, { name: slug, slug });

async function addProduct(
  categoryId: string,
  slug: string,
  extra: Partial<{ specifications: string; gallery_images: string; is_featured: 0 | 1 }> = {},
) {
  const id = newId();
  await insertProduct(t.db, {
    id,
    name: slug,
    slug,
    category_id: categoryId,
    ...extra,
  });
  return id;
}

describe(`database rules on ${engineName}`, () => {
  it("applies every migration and is idempotent when run again", async () => {
    const { migrateToLatest } = await import("~/db/migrate.server");
    await migrateToLatest(t.db);
    const tables = [
      "users",
      "profiles",
      "sessions",
      "login_throttle",
      "setup_tokens",
      "site_settings",
      "page_content",
      "product_categories",
      "products",
      "certificates",
      "gallery_items",
      "blog_posts",
    ] as const;
    for (const table of tables) {
      await expect(t.db.selectFrom(table).selectAll().limit(1).execute()).resolves.toEqual([]);
    }
  });

  it("answers a read asked again with the rows as they are now", async () => {
    // SQLite keeps each read's prepared statement (ADR 0028); what it answers must not be what it answered before.
    const categoryId = await addCategory("kept-reads");
    const slugs = async () =>
      (
        await t.db.selectFrom("products").select("slug").where("category_id", "=", categoryId).orderBy("slug").execute()
      ).map((row) => row.slug);
    await addProduct(categoryId, "kept-a");
    expect(await slugs()).toEqual(["kept-a"]);
    await addProduct(categoryId, "kept-b");
    expect(await slugs()).toEqual(["kept-a", "kept-b"]);
    await t.db.deleteFrom("products").where("slug", "=", "kept-a").execute();
    expect(await slugs()).toEqual(["kept-b"]);
  });

  it("round-trips JSON text exactly, key order and booleans included", async () => {
    const categoryId = await addCategory("json-cat");
    const specifications = JSON.stringify({
      Zeta: "last-first",
      Size: "45–65 mm",
      Organic: false,
      "Émoji 🧅": true,
      A: "",
    });
    const gallery_images = JSON.stringify(["/media/application-assets/public/a.jpg", "https://example.com/b.png"]);
    const id = await addProduct(categoryId, "json-product", { specifications, gallery_images, is_featured: 1 });
    const row = await t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.specifications).toBe(specifications);
    expect(Object.keys(JSON.parse(row.specifications))).toEqual(["Zeta", "Size", "Organic", "Émoji 🧅", "A"]);
    expect(row.gallery_images).toBe(gallery_images);
    expect(row.is_featured).toBe(1);
  });

  it("refuses a duplicate category slug and a duplicate product slug within one category", async () => {
    const categoryId = await addCategory("dup-cat");
    await expect(addCategory("dup-cat")).rejects.toThrow();
    await addProduct(categoryId, "same-slug");
    await expect(addProduct(categoryId, "same-slug")).rejects.toThrow();
    // The same product slug in another category is fine.
    const other = await addCategory("other-cat");
    await expect(addProduct(other, "same-slug")).resolves.toBeTypeOf("string");
  });

  it("refuses to delete a category that products still use, and allows it once they are gone", async () => {
    const categoryId = await addCategory("in-use");
    const productId = await addProduct(categoryId, "user-of-category");
    await expect(t.db.deleteFrom("product_categories").where("id", "=", categoryId).execute()).rejects.toThrow();
    expect(
      await t.db.selectFrom("product_categories").select("id").where("id", "=", categoryId).executeTakeFirst(),
    ).toBeDefined();
    await t.db.deleteFrom("products").where("id", "=", productId).execute();
    await t.db.deleteFrom("product_categories").where("id", "=", categoryId).execute();
    expect(
      await t.db.selectFrom("product_categories").select("id").where("id", "=", categoryId).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("refuses duplicate setting keys, blog slugs and page sections", async () => {
    await insertSetting(t.db, "contact_email", "a@b.co");
    await expect(insertSetting(t.db, "contact_email", "a@b.co")).rejects.toThrow();

    const post = { title: "T", slug: "same", content: "c", status: "draft" as const };
    await insertPost(t.db, post);
    await expect(insertPost(t.db, post)).rejects.toThrow();

    await insertPageContent(t.db, "home", "hero_main_title", "x");
    await expect(insertPageContent(t.db, "home", "hero_main_title", "x")).rejects.toThrow();
  });

  it("refuses a role or blog status outside the allowed values", async () => {
    const now = nowIso();
    const id = newId();
    await t.db
      .insertInto("users")
      .values({ id, email: "check@example.com", password_hash: "x", created_at: now, updated_at: now })
      .execute();
    await expect(
      t.db
        .insertInto("profiles")
        .values({ id, email: "check@example.com", full_name: null, role: "superuser" as "admin", updated_at: now })
        .execute(),
    ).rejects.toThrow();
    const post = {
      title: "T",
      slug: "bad-status",
      content: "c",
      excerpt: null,
      author_id: null,
      author_name: null,
      featured_image_url: null,
      tags: "[]",
      status: "deleted" as "draft",
      published_at: null,
      created_at: now,
      updated_at: now,
    };
    await expect(
      t.db
        .insertInto("blog_posts")
        .values({ id: newId(), ...post })
        .execute(),
    ).rejects.toThrow();
  });
});
