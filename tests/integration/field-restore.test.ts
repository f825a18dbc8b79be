import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flashOf } from "../support/flash";
import { visibleText } from "../support/page-text";
import { createAdminTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, insertProduct, whileRefusing, type TestDatabase } from "../support/test-db";

// 'Restore this field' (issue 41, ADR 0055): the History panel puts back one changed field of a version, as a new
// version, in one transaction, for admins only, under the rules of a save; and the first version says when the item
// was added.

let t: TestDatabase;
let app: Awaited<Awaited<ReturnType<typeof createAdminTestApp>>["app"]>;
let cookie: string;
let onions: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
});
afterAll(() => t.cleanup());

const form = (path: string, fields: Record<string, string>, as = cookie) =>
  app.request(path, { cookie: as, form: fields });
const restoreField = (entity: string, id: string, number: number, field: string, as = cookie) =>
  form(`/admin/history/${entity}/${id}/restore`, { number: String(number), field }, as);
const product = (id: string) => t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const versionsOf = (entity: string, id: string) =>
  t.db
    .selectFrom("versions")
    .selectAll()
    .where("entity", "=", entity)
    .where("entity_id", "=", id)
    .orderBy("number")
    .execute();
const html = async (path: string) => {
  const response = await app.request(path, { cookie });
  expect(response.status, path).toBe(200);
  return response.text();
};

const ONION = {
  name: "Nashik Red Onion",
  slug: "nashik-red-onion",
  description: "Deep red, pungent onions.",
  min_order_quantity: "25",
  min_order_unit: "MT",
  origin: "Maharashtra (Nashik)",
};

/** A product added through the form and saved twice: v1 as added, v2 new description and order, v3 new origin. */
async function editedTwice(slug: string) {
  expect((await form("/admin/manage-products/add", { ...ONION, slug, category_id: onions })).status).toBe(302);
  const { id } = await t.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const edit = `/admin/manage-products/edit/${id}`;
  const second = { ...ONION, slug, category_id: onions, description: "Sweeter now.", min_order_quantity: "28" };
  expect((await form(edit, second)).status).toBe(302);
  expect((await form(edit, { ...second, origin: "Gujarat" })).status).toBe(302);
  expect((await versionsOf("product", id)).length).toBe(3);
  return id;
}

describe(`restoring one field on ${engineName}`, () => {
  it("offers 'Restore this field' for each changed field of an older version, and History from the top", async () => {
    const id = await editedTwice("offered-onion");
    const page = await html(`/admin/manage-products/edit/${id}`);
    // The link near the heading jumps to the panel, which is its target.
    expect(page).toMatch(/<a href="#history"[^>]*>History \(3 versions\)<\/a>/);
    expect(page).toMatch(/<section id="history" tabindex="-1"/);
    const buttons = [...page.matchAll(/<span class="sr-only">Restore this field: ([^<]+)<\/span>/g)].map((m) => m[1]);
    // Only fields whose value today differs from the version's: version 2's description and order are today's
    // (version 3 changed the origin alone); version 1 had others. Its status is never restored, alone or otherwise.
    expect(buttons).toEqual([
      "Description, as in version 1",
      "Minimum Order, as in version 1",
      "Origin, as in version 1",
    ]);
  });

  it("puts back just that field (a quantity with its unit), records a version and names the field in the toast", async () => {
    const id = await editedTwice("restored-onion");
    const response = await restoreField("product", id, 1, "Minimum Order");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/manage-products/edit/${id}`);
    expect(flashOf(response)).toMatchObject({
      title: "Field Restored",
      description: "Minimum Order is back as it was in version 1, saved as version 4.",
      variant: "success",
    });
    const row = await product(id);
    expect(JSON.parse(row.trade_terms)).toMatchObject({
      min_order_quantity: 25,
      min_order_unit: "MT",
      origin: "Gujarat",
    });
    expect(row.description).toBe("Sweeter now.");
    expect(row.status).toBe("published");
    const versions = await versionsOf("product", id);
    expect(versions.map((v) => Number(v.number))).toEqual([1, 2, 3, 4]);
    const activity = await t.db
      .selectFrom("activity")
      .select(["action", "summary", "actor_name"])
      .where("id", "=", versions[3]!.activity_id)
      .executeTakeFirstOrThrow();
    expect(activity).toEqual({
      action: "restore",
      summary: "Restored Minimum Order from version 1; Minimum Order: 28 MT → 25 MT",
      actor_name: "Test admin",
    });
    // Restored already: no button for it now, and a second request changes nothing.
    const page = await html(`/admin/manage-products/edit/${id}`);
    expect(page).not.toContain("Restore this field: Minimum Order, as in version 1");
    expect(page).toContain("Restore this field: Minimum Order, as in version 2");
    const again = await restoreField("product", id, 1, "Minimum Order");
    expect(flashOf(again)).toMatchObject({ title: "Nothing to Restore" });
    expect((await versionsOf("product", id)).length).toBe(4);
  });

  it("refuses anonymous visitors and signed-in non-admins, changing nothing", async () => {
    const id = await editedTwice("guarded-onion");
    const user = await signedInAs(t.db, "user");
    const before = await product(id);
    const anonymous = await app.request(`/admin/history/product/${id}/restore`, {
      form: { number: "1", field: "Description" },
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const nonAdmin = await restoreField("product", id, 1, "Description", user.cookie);
    expect(nonAdmin.headers.get("Location") ?? "").not.toBe(`/admin/manage-products/edit/${id}`);
    expect([302, 403]).toContain(nonAdmin.status);
    expect(await product(id)).toEqual(before);
    expect((await versionsOf("product", id)).length).toBe(3);
  });

  it("refuses a field the item has not, and one never restored alone, with a clear message", async () => {
    const id = await editedTwice("refusing-onion");
    const unknown = await restoreField("product", id, 1, "Password");
    expect(unknown.status).toBe(302);
    expect(flashOf(unknown)).toMatchObject({
      title: "Cannot Restore Field",
      description: `Version 1 has no field "Password" to restore. 'Restore' puts back the whole version.`,
      variant: "destructive",
    });
    await t.db.updateTable("products").set({ status: "draft" }).where("id", "=", id).execute();
    const status = await restoreField("product", id, 1, "Status");
    expect(flashOf(status).description).toContain("a restore never publishes");
    expect((await product(id)).status).toBe("draft");
    expect((await versionsOf("product", id)).length).toBe(3);
  });

  it("refuses a version of another item, and an item of another kind", async () => {
    const id = await editedTwice("own-onion");
    // A product with one version: version 3 exists only for the other product.
    const other = await insertProduct(t.db, { name: "Shallot", slug: "shallot", category_id: onions });
    await form(`/admin/manage-products/edit/${other}`, {
      name: "Shallot",
      slug: "shallot",
      category_id: onions,
      description: "Small",
    });
    const before = await product(other);
    const foreign = await restoreField("product", other, 3, "Description");
    expect(flashOf(foreign)).toMatchObject({ title: "Version not found" });
    const wrongKind = await restoreField("category", id, 1, "Category Name");
    expect(flashOf(wrongKind)).toMatchObject({ title: "Version not found" });
    expect(await product(other)).toEqual(before);
    expect((await versionsOf("product", other)).length).toBe(2);
  });

  it("obeys the save's rules: a slug another product took since is refused", async () => {
    const id = await editedTwice("first-slug");
    const edit = `/admin/manage-products/edit/${id}`;
    await form(edit, {
      ...ONION,
      slug: "second-slug",
      category_id: onions,
      origin: "Gujarat",
      description: "Sweeter now.",
      min_order_quantity: "28",
    });
    expect((await product(id)).slug).toBe("second-slug");
    await insertProduct(t.db, { name: "Taker", slug: "first-slug", category_id: onions });
    const refused = await restoreField("product", id, 1, "Slug");
    expect(flashOf(refused)).toMatchObject({
      title: "Cannot Restore Field",
      description: 'Another product in this category now uses the slug "first-slug".',
    });
    expect((await product(id)).slug).toBe("second-slug");
    // Once free again, the old address comes back, and the one used meanwhile redirects to it.
    await t.db.deleteFrom("products").where("slug", "=", "first-slug").execute();
    expect(flashOf(await restoreField("product", id, 1, "Slug"))).toMatchObject({ title: "Field Restored" });
    expect((await product(id)).slug).toBe("first-slug");
    const moved = await t.db
      .selectFrom("redirects")
      .select("to_path")
      .where("from_path", "=", "/products/onions/second-slug")
      .executeTakeFirst();
    expect(moved?.to_path).toBe("/products/onions/first-slug");
  });

  it("leaves nothing half-written when the version cannot be recorded", async () => {
    const id = await editedTwice("atomic-onion");
    const before = await product(id);
    await whileRefusing(t.db, "versions", "insert", async () => {
      const response = await restoreField("product", id, 1, "Description");
      expect(flashOf(response)).toMatchObject({ title: "Cannot Restore Field", variant: "destructive" });
    });
    expect(await product(id)).toEqual(before);
    expect((await versionsOf("product", id)).length).toBe(3);
  });
});

describe(`one field of the other kinds on ${engineName}`, () => {
  it("a category's description, a post's title, a home page section and a setting, each alone", async () => {
    expect(
      (await form("/admin/manage-categories/add", { name: "Spices", slug: "spices", description: "Cumin" })).status,
    ).toBe(302);
    const category = await t.db
      .selectFrom("product_categories")
      .select("id")
      .where("slug", "=", "spices")
      .executeTakeFirstOrThrow();
    await form(`/admin/manage-categories/edit/${category.id}`, {
      name: "Whole Spices",
      slug: "spices",
      description: "Pepper",
    });
    expect(flashOf(await restoreField("category", category.id, 1, "Description"))).toMatchObject({
      title: "Field Restored",
    });
    expect(
      await t.db
        .selectFrom("product_categories")
        .select(["name", "description"])
        .where("id", "=", category.id)
        .executeTakeFirst(),
    ).toEqual({ name: "Whole Spices", description: "Cumin" });

    await form("/admin/manage-blog/add", { title: "Harvest", slug: "harvest", content: "First text", status: "draft" });
    const post = await t.db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", "harvest")
      .executeTakeFirstOrThrow();
    await form(`/admin/manage-blog/edit/${post.id}`, {
      title: "Harvest Notes",
      slug: "harvest",
      content: "Second text",
      status: "draft",
    });
    expect(flashOf(await restoreField("blog_post", post.id, 1, "Title"))).toMatchObject({ title: "Field Restored" });
    expect(
      await t.db
        .selectFrom("blog_posts")
        .select(["title", "content", "status"])
        .where("id", "=", post.id)
        .executeTakeFirst(),
    ).toEqual({ title: "Harvest", content: "Second text", status: "draft" });
    expect(flashOf(await restoreField("blog_post", post.id, 1, "Publish at")).title).toBe("Cannot Restore Field");

    await form("/admin/edit-pages/home", { hero_main_title: "Onions From Nashik", hero_subtitle: "Since 1990" });
    await form("/admin/edit-pages/home", { hero_main_title: "Garlic From Mandsaur", hero_subtitle: "Since 2001" });
    const [first] = await versionsOf("page", "home");
    expect(flashOf(await restoreField("page", "home", Number(first!.number), "Hero Title"))).toMatchObject({
      title: "Field Restored",
    });
    const sections = await t.db
      .selectFrom("page_content")
      .select(["section_slug", "content"])
      .where("page_slug", "=", "home")
      .where("section_slug", "in", ["hero_main_title", "hero_subtitle"])
      .orderBy("section_slug")
      .execute();
    expect(sections).toEqual([
      { section_slug: "hero_main_title", content: "Onions From Nashik" },
      { section_slug: "hero_subtitle", content: "Since 2001" },
    ]);
  });

  it("settings: one key back, under the rules a save checks", async () => {
    await form("/admin/site-settings", { intent: "add", setting_key: "trade_fair_booth", setting_value: "Hall 3" });
    await form("/admin/site-settings", { intent: "add", setting_key: "office_hours", setting_value: "9 to 5" });
    const booth = await t.db
      .selectFrom("site_settings")
      .select("id")
      .where("setting_key", "=", "trade_fair_booth")
      .executeTakeFirstOrThrow();
    const hours = await t.db
      .selectFrom("site_settings")
      .select("id")
      .where("setting_key", "=", "office_hours")
      .executeTakeFirstOrThrow();
    await form("/admin/site-settings", {
      intent: "save",
      [`value:${booth.id}`]: "Hall 4",
      [`value:${hours.id}`]: "10 to 6",
    });
    const kept = await versionsOf("setting", "site");
    const both = (v: (typeof kept)[number]) => JSON.parse(v.snapshot).values as Record<string, string>;
    const added = kept.find((v) => both(v).office_hours === "9 to 5" && both(v).trade_fair_booth === "Hall 3")!;
    expect(flashOf(await restoreField("setting", "site", Number(added.number), "trade_fair_booth"))).toMatchObject({
      title: "Field Restored",
    });
    const values = await t.db
      .selectFrom("site_settings")
      .select(["setting_key", "setting_value"])
      .where("setting_key", "in", ["trade_fair_booth", "office_hours"])
      .orderBy("setting_key")
      .execute();
    expect(values).toEqual([
      { setting_key: "office_hours", setting_value: "10 to 6" },
      { setting_key: "trade_fair_booth", setting_value: "Hall 3" },
    ]);
    // A value today's rules refuse (a chat number without its country code) is not put back.
    const { number } = kept[kept.length - 1]!;
    const snapshot = JSON.parse(kept[kept.length - 1]!.snapshot);
    await t.db
      .updateTable("versions")
      .set({
        snapshot: JSON.stringify({ ...snapshot, values: { ...snapshot.values, whatsapp_number: "98390 12345" } }),
      })
      .where("entity", "=", "setting")
      .where("number", "=", number)
      .execute();
    const refused = await restoreField("setting", "site", Number(number), "whatsapp_number");
    expect(flashOf(refused).title).toBe("Cannot Restore Field");
  });

  it("a certificate's validity dates come back only with the whole version", async () => {
    const saved = await form("/admin/edit-pages/certificates?edit=new", {
      intent: "save",
      name: "APEDA",
      authority: "APEDA",
      valid_from: "2026-01-01",
      valid_until: "2026-12-31",
    });
    expect(saved.status).toBe(302);
    const { id } = await t.db
      .selectFrom("certificates")
      .select("id")
      .where("name", "=", "APEDA")
      .executeTakeFirstOrThrow();
    await form(`/admin/edit-pages/certificates?edit=${id}`, {
      intent: "save",
      id,
      name: "APEDA",
      authority: "APEDA Delhi",
      valid_from: "2027-01-01",
      valid_until: "2027-12-31",
    });
    expect((await versionsOf("certificate", id)).length).toBe(2);
    const page = await html(`/admin/edit-pages/certificates?edit=${id}`);
    expect(page).toContain("Restore this field: Issuing Authority, as in version 1");
    expect(page).not.toContain("Restore this field: Valid Until");
    expect(flashOf(await restoreField("certificate", id, 1, "Valid Until")).description).toContain(
      "Valid From and Valid Until",
    );
  });
});

describe(`the first version says when the item was added, on ${engineName}`, () => {
  it("names the item as it was before its first edit with the time it was added, in the site's time zone", async () => {
    const id = await insertProduct(t.db, {
      name: "Old Ginger",
      slug: "old-ginger",
      category_id: onions,
      description: "Original",
      created_at: "2026-11-12T04:35:00.000Z",
    });
    await form(`/admin/manage-products/edit/${id}`, {
      name: "Old Ginger",
      slug: "old-ginger",
      category_id: onions,
      description: "Changed",
    });
    const page = visibleText(await html(`/admin/manage-products/edit/${id}`));
    expect(page).toContain(
      "Version 1 · As it was before its first edit here · added 12 Nov 2026, 10:05 GMT+5:30 (created, imported or seeded)",
    );
    expect(page).toContain("History (2 versions)");
  });
});
