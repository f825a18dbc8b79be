import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../support/images";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, insertCategory, whileRefusing, type TestDatabase } from "../support/test-db";

// Old public addresses answer 301 to the new one after a rename, through the real server and back-office forms.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;
let garlic: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  garlic = await insertCategory(t.db, { name: "Garlic", slug: "garlic" });
});
afterAll(() => t.cleanup());

const get = (path: string) => app.request(path);
const ok = (response: Response) =>
  expect(response.status, `${response.status} ${response.headers.get("Location") ?? ""}`).toBe(200);
async function expectMoved(from: string, to: string) {
  const response = await get(from);
  expect(response.status, from).toBe(301);
  expect(response.headers.get("Location"), from).toBe(to);
  // One hop: the target is the live page.
  ok(await get(to.replace(/\?.*$/, "")));
}

async function addProduct(name: string, slug: string, categoryId: string) {
  const response = await app.request("/admin/manage-products/add", {
    multipart: multipart({ name, slug, category_id: categoryId }),
    cookie,
  });
  expect(response.status).toBe(302);
  return (
    await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", slug)
      .where("category_id", "=", categoryId)
      .executeTakeFirstOrThrow()
  ).id;
}
async function editProduct(id: string, name: string, slug: string, categoryId: string) {
  const response = await app.request(`/admin/manage-products/edit/${id}`, {
    multipart: multipart({ name, slug, category_id: categoryId }),
    cookie,
  });
  expect(response.status).toBe(302);
}
async function editCategory(id: string, name: string, slug: string) {
  const response = await app.request(`/admin/manage-categories/edit/${id}`, {
    multipart: multipart({ name, slug, description: "" }),
    cookie,
  });
  expect(response.status).toBe(302);
}
async function savePost(path: string, title: string, slug: string, status: string) {
  const response = await app.request(path, {
    form: { title, slug, content: "Body", excerpt: "", tags: "", status },
    cookie,
  });
  expect(response.status).toBe(302);
}
const redirectRows = () => t.db.selectFrom("redirects").select(["from_path", "to_path"]).orderBy("from_path").execute();

describe(`old addresses redirect on ${engineName}`, () => {
  it("a renamed product's old address answers 301 to the new one; renamed twice, the first goes straight to the last", async () => {
    const id = await addProduct("Red Onion", "red-onion", onions);
    ok(await get("/products/onions/red-onion"));
    await editProduct(id, "Nashik Red Onion", "nashik-red-onion", onions);
    await expectMoved("/products/onions/red-onion", "/products/onions/nashik-red-onion");
    // A query string the page does not read is dropped first (ADR 0018, "Later"); the old address then moves on.
    const withQuery = await get("/products/onions/red-onion?utm_source=mail&x=1");
    expect(withQuery.status).toBe(301);
    expect(withQuery.headers.get("Location")).toBe("/products/onions/red-onion");

    await editProduct(id, "Nashik Red Onion", "nashik-onion", onions);
    await expectMoved("/products/onions/red-onion", "/products/onions/nashik-onion");
    await expectMoved("/products/onions/nashik-red-onion", "/products/onions/nashik-onion");
    // Nothing changes for the live address, and an unknown one is still 404.
    ok(await get("/products/onions/nashik-onion"));
    expect((await get("/products/onions/no-such-onion")).status).toBe(404);
  });

  it("a product moved to another category redirects from its old category", async () => {
    const id = await addProduct("Onion Garlic Mix", "onion-garlic-mix", onions);
    await editProduct(id, "Onion Garlic Mix", "onion-garlic-mix", garlic);
    await expectMoved("/products/onions/onion-garlic-mix", "/products/garlic/onion-garlic-mix");
  });

  it("a renamed category's old address and its products' old addresses redirect, renamed products included", async () => {
    const id = await addProduct("White Garlic", "white-garlic", garlic);
    await editCategory(garlic, "Fresh Garlic", "fresh-garlic");
    await expectMoved("/products/garlic", "/products/fresh-garlic");
    await expectMoved("/products/garlic?page=2", "/products/fresh-garlic?page=2");
    await expectMoved("/products/garlic/white-garlic", "/products/fresh-garlic/white-garlic");
    // Moved out of 'garlic' before the rename: its old address follows it to the category's new name.
    await expectMoved("/products/onions/onion-garlic-mix", "/products/fresh-garlic/onion-garlic-mix");

    // A product renamed inside the renamed category: its address under the category's old name reaches it in one hop.
    await editProduct(id, "Snow White Garlic", "snow-white-garlic", garlic);
    await expectMoved("/products/garlic/white-garlic", "/products/fresh-garlic/snow-white-garlic");
    await expectMoved("/products/fresh-garlic/white-garlic", "/products/fresh-garlic/snow-white-garlic");
  });

  it("renaming back to the original slug leaves no loop: the original address is live again", async () => {
    await editCategory(garlic, "Garlic", "garlic");
    ok(await get("/products/garlic"));
    ok(await get("/products/garlic/snow-white-garlic"));
    await expectMoved("/products/fresh-garlic", "/products/garlic");
    await expectMoved("/products/garlic/white-garlic", "/products/garlic/snow-white-garlic");
    await expectMoved("/products/fresh-garlic/white-garlic", "/products/garlic/snow-white-garlic");

    const id = (
      await t.db.selectFrom("products").select("id").where("slug", "=", "nashik-onion").executeTakeFirstOrThrow()
    ).id;
    await editProduct(id, "Red Onion", "red-onion", onions);
    ok(await get("/products/onions/red-onion"));
    await expectMoved("/products/onions/nashik-onion", "/products/onions/red-onion");
    for (const row of await redirectRows()) expect(row.from_path, JSON.stringify(row)).not.toBe(row.to_path);
    expect((await redirectRows()).map((r) => r.from_path)).not.toContain("/products/onions/red-onion");
  });

  it("the slug change and its redirect are written together: when the redirect cannot be stored, the rename is undone", async () => {
    await whileRefusing(t.db, "redirects", "insert", async () => {
      const response = await app.request(`/admin/manage-categories/edit/${onions}`, {
        multipart: multipart({ name: "Red Onions", slug: "red-onions", description: "" }),
        cookie,
      });
      expect(response.status).toBe(500);
    });
    const category = await t.db
      .selectFrom("product_categories")
      .select(["name", "slug"])
      .where("id", "=", onions)
      .executeTakeFirstOrThrow();
    expect(category).toEqual({ name: "Onions", slug: "onions" });
    ok(await get("/products/onions"));
  });

  it("a draft post's slug change records nothing; a published post's does, and a rename back is live again", async () => {
    await savePost("/admin/manage-blog/add", "Harvest Notes", "harvest-notes", "draft");
    const id = (
      await t.db.selectFrom("blog_posts").select("id").where("slug", "=", "harvest-notes").executeTakeFirstOrThrow()
    ).id;
    const before = await redirectRows();
    await savePost(`/admin/manage-blog/edit/${id}`, "Harvest Notes 2026", "harvest-notes-2026", "draft");
    expect(await redirectRows()).toEqual(before);
    // Published in the same save as a slug change: the old slug was never public either.
    await savePost(`/admin/manage-blog/edit/${id}`, "Rabi Harvest", "rabi-harvest", "published");
    expect(await redirectRows()).toEqual(before);
    expect((await get("/blog/harvest-notes-2026")).status).toBe(404);

    ok(await get("/blog/rabi-harvest"));
    await savePost(`/admin/manage-blog/edit/${id}`, "Rabi Harvest Report", "rabi-harvest-report", "published");
    await expectMoved("/blog/rabi-harvest", "/blog/rabi-harvest-report");
    expect((await get("/blog/rabi-harvest?ref=news")).headers.get("Location")).toBe("/blog/rabi-harvest");

    await savePost(`/admin/manage-blog/edit/${id}`, "Rabi Harvest", "rabi-harvest", "published");
    ok(await get("/blog/rabi-harvest"));
    await expectMoved("/blog/rabi-harvest-report", "/blog/rabi-harvest");
  });
});
