import fs from "node:fs";
import { visibleText } from "../support/page-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectPathFromUrl } from "~/lib/storage/storage.server";
import { pruneVersions } from "~/features/versions/prune-versions.server";
import { DAY_MS } from "~/lib/time";
import { insertSetting } from "../support/builders";
import { jpegFile } from "../support/images";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, insertCategory, insertProduct, whileRefusing, type TestDatabase } from "../support/test-db";
import { enableLanguages } from "../support/translations";

// Versions with diff and restore (issue 27, ADR 0031): each save of a product records a version in the save's
// transaction; the edit page's History panel shows them with a field-by-field diff; 'Restore' saves an old one
// again as a new version, pictures included, without touching the status.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  await enableLanguages(t.db, "ar");
});
afterAll(() => t.cleanup());

const post = (path: string, fields: Record<string, string | File | Array<string | File>>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  return app.request(path, { multipart: form, cookie });
};
const product = (slug: string) =>
  t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
const versionsOf = (id: string) =>
  t.db
    .selectFrom("versions")
    .selectAll()
    .where("entity", "=", "product")
    .where("entity_id", "=", id)
    .orderBy("number")
    .execute();
const exists = (url: string | null | undefined) =>
  !!url && fs.existsSync(app.storage.resolve(objectPathFromUrl(url)!)!);
const html = async (path: string) => {
  const response = await app.request(path, { cookie });
  expect(response.status, path).toBe(200);
  return response.text();
};

const BASE = {
  name: "Nashik Red Onion",
  slug: "nashik-red-onion",
  description: "Deep red, pungent onions.",
  min_order_quantity: "25",
  min_order_unit: "MT",
  origin: "Maharashtra (Nashik)",
};

describe(`product versions on ${engineName}`, () => {
  let id: string;
  let firstImage: string;

  it("records a version with its activity row on every save, and none for a save that changed nothing", async () => {
    const added = await post("/admin/manage-products/add", {
      ...BASE,
      category_id: onions,
      image: await jpegFile("first.jpg"),
    });
    expect(added.status).toBe(302);
    const saved = await product("nashik-red-onion");
    id = saved.id;
    firstImage = saved.image_url!;
    const edit = `/admin/manage-products/edit/${id}`;
    expect(
      (
        await post(edit, {
          ...BASE,
          category_id: onions,
          description: "A new description.",
          min_order_quantity: "28",
          image: await jpegFile("second.jpg", 500, "#0a0"),
        })
      ).status,
    ).toBe(302);
    // The same values again: nothing changed, no version.
    expect(
      (await post(edit, { ...BASE, category_id: onions, description: "A new description.", min_order_quantity: "28" }))
        .status,
    ).toBe(302);
    const versions = await versionsOf(id);
    expect(versions.map((v) => Number(v.number))).toEqual([1, 2]);
    expect(JSON.parse(versions[1].changed_fields)).toEqual(
      expect.arrayContaining(["description", "trade_terms", "image_url"]),
    );
    const activity = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("entity", "=", "product")
      .where("entity_id", "=", id)
      .orderBy("at")
      .execute();
    expect(activity.map((a) => a.action)).toEqual(["create", "update"]);
    expect(activity[1].summary).toContain("Minimum Order: 25 MT → 28 MT");
    expect(activity[1].actor_name).toBe("Test admin");
    expect(activity[1].ip).toBe("192.0.2.10");
  });

  it("versions the product's translations like any field", async () => {
    const editor = await html(`/admin/translations/ar/product/${id}`);
    const form: Record<string, string> = { "t:name": "بصل ناشيك الأحمر" };
    for (const [, name, hash] of editor.matchAll(/name="h:([^"]+)" value="([^"]+)"/g)) form[`h:${name}`] = hash;
    const saved = await app.request(`/admin/translations/ar/product/${id}`, { cookie, form });
    expect(saved.status).toBe(302);
    const versions = await versionsOf(id);
    expect(versions).toHaveLength(3);
    expect(JSON.parse(versions[2].snapshot).translations).toEqual({ ar: { name: "بصل ناشيك الأحمر" } });
  });

  it("shows the History panel with who, and a field-by-field diff", async () => {
    const page = await html(`/admin/manage-products/edit/${id}`);
    expect(page).toContain(">History</h2>");
    expect(page).toContain("Version 3");
    expect(page).toContain("Test admin");
    expect(page).toMatch(/Minimum Order:<\/span>[^<]*<span[^>]*>25 MT<\/span>[^<]*→[^<]*<span>28 MT</s);
    expect(page).toContain("Translation (ar): name");
    // Restore on the older versions only.
    expect(page.match(/>Restore<\/button>/g)).toHaveLength(2);
  });

  it("restores version 1: its text, trade terms, picture and translations come back as a new version", async () => {
    await t.db.updateTable("products").set({ status: "draft" }).where("id", "=", id).execute();
    // The first picture was replaced, but version 1 still uses it: it is kept.
    expect(exists(firstImage)).toBe(true);
    const response = await app.request(`/admin/history/product/${id}/restore`, { cookie, form: { number: "1" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/manage-products/edit/${id}`);
    const restored = await product("nashik-red-onion");
    expect(restored.description).toBe(BASE.description);
    expect(JSON.parse(restored.trade_terms)).toMatchObject({ min_order_quantity: 25, min_order_unit: "MT" });
    expect(restored.image_url).toBe(firstImage);
    expect(exists(restored.image_url)).toBe(true);
    // Never publishes a draft.
    expect(restored.status).toBe("draft");
    const translations = await t.db
      .selectFrom("content_translations")
      .select("field")
      .where("entity", "=", "product")
      .where("entity_id", "=", id)
      .execute();
    expect(translations).toEqual([]);
    const versions = await versionsOf(id);
    expect(versions.map((v) => Number(v.number))).toEqual([1, 2, 3, 4]);
    const restore = await t.db
      .selectFrom("activity")
      .select(["action", "summary"])
      .where("id", "=", versions[3].activity_id)
      .executeTakeFirstOrThrow();
    expect(restore).toEqual({ action: "restore", summary: "Restored version 1" });
  });

  it("refuses a version that does not exist and a kind without versions", async () => {
    const missing = await app.request(`/admin/history/product/${id}/restore`, { cookie, form: { number: "99" } });
    expect(missing.status).toBe(302);
    expect((await versionsOf(id)).length).toBe(4);
    const kind = await app.request(`/admin/history/inquiry/${id}/restore`, { cookie, form: { number: "1" } });
    expect(kind.status).toBe(404);
  });

  it("records the delete with the last snapshot in the activity log", async () => {
    const response = await app.request("/admin/manage-products", { cookie, form: { intent: "delete", id } });
    expect(response.status).toBe(302);
    const row = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("entity_id", "=", id)
      .where("action", "=", "delete")
      .executeTakeFirstOrThrow();
    expect(row.summary).toBe('Deleted product "Nashik Red Onion"');
    expect(JSON.parse(row.details).snapshot.description).toBe(BASE.description);
  });

  it("leaves no version and no activity row when the save fails", async () => {
    const before = await t.db.selectFrom("activity").select("id").execute();
    await whileRefusing(t.db, "versions", "insert", async () => {
      const response = await post("/admin/manage-products/add", {
        ...BASE,
        slug: "failing-onion",
        category_id: onions,
      });
      expect(response.status).toBe(500);
    });
    expect(await t.db.selectFrom("products").select("id").where("slug", "=", "failing-onion").execute()).toEqual([]);
    expect(await t.db.selectFrom("activity").select("id").execute()).toHaveLength(before.length);
  });
});

describe(`versions of the other kinds on ${engineName}`, () => {
  const form = (path: string, fields: Record<string, string>) => app.request(path, { cookie, form: fields });
  const versions = (entity: string, id: string) =>
    t.db
      .selectFrom("versions")
      .selectAll()
      .where("entity", "=", entity)
      .where("entity_id", "=", id)
      .orderBy("number")
      .execute();
  const restore = (entity: string, id: string, number: number) =>
    form(`/admin/history/${entity}/${id}/restore`, { number: String(number) });

  it("categories: a version per save, the diff on the edit page, restore of the old name", async () => {
    expect((await post("/admin/manage-categories/add", { name: "Spices", slug: "spices" })).status).toBe(302);
    const { id } = await t.db
      .selectFrom("product_categories")
      .select("id")
      .where("slug", "=", "spices")
      .executeTakeFirstOrThrow();
    const edit = `/admin/manage-categories/edit/${id}`;
    expect((await post(edit, { name: "Whole Spices", slug: "spices", description: "Cumin" })).status).toBe(302);
    expect((await versions("category", id)).length).toBe(2);
    expect(await html(edit)).toMatch(
      /Category Name:<\/span>[^<]*<span[^>]*>Spices<\/span>[^<]*→[^<]*<span>Whole Spices</,
    );
    expect((await restore("category", id, 1)).status).toBe(302);
    const row = await t.db.selectFrom("product_categories").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.name).toBe("Spices");
    expect(row.description).toBeNull();
    expect((await versions("category", id)).length).toBe(3);
  });

  it("blog posts: versions, restore keeps the status (a draft is never published by a restore)", async () => {
    const add = await form("/admin/manage-blog/add", {
      title: "Harvest",
      slug: "harvest",
      content: "First text",
      status: "draft",
    });
    expect(add.status).toBe(302);
    const { id } = await t.db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", "harvest")
      .executeTakeFirstOrThrow();
    await form(`/admin/manage-blog/edit/${id}`, {
      title: "Harvest",
      slug: "harvest",
      content: "Second text",
      status: "draft",
    });
    expect((await versions("blog_post", id)).length).toBe(2);
    expect(await html(`/admin/manage-blog/edit/${id}`)).toContain(">History</h2>");
    expect((await restore("blog_post", id, 1)).status).toBe(302);
    const row = await t.db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.content).toBe("First text");
    expect(row.status).toBe("draft");
  });

  it("the home page: a version per save with the section's label, and restore", async () => {
    expect((await form("/admin/edit-pages/home", { hero_main_title: "Onions From Nashik" })).status).toBe(302);
    expect((await form("/admin/edit-pages/home", { hero_main_title: "Garlic From Mandsaur" })).status).toBe(302);
    expect((await versions("page", "home")).length).toBe(2);
    const editor = await html("/admin/edit-pages/home");
    expect(editor).toContain(">History</h2>");
    expect(editor).toContain("Onions From Nashik</span>");
    expect((await restore("page", "home", 1)).status).toBe(302);
    const row = await t.db
      .selectFrom("page_content")
      .select("content")
      .where("page_slug", "=", "home")
      .where("section_slug", "=", "hero_main_title")
      .executeTakeFirstOrThrow();
    expect(row.content).toBe("Onions From Nashik");
  });

  it("settings: a version of all keys per change, a custom key's delete recorded, and restore brings it back", async () => {
    await insertSetting(t.db, "trade_fair_booth", "Hall 3, Stand 12", { id: "s-booth" });
    expect((await form("/admin/site-settings", { intent: "save", "value:s-booth": "Hall 4, Stand 7" })).status).toBe(
      302,
    );
    expect((await form("/admin/site-settings", { intent: "delete", id: "s-booth" })).status).toBe(302);
    const kept = await versions("setting", "site");
    expect(kept.length).toBe(2);
    expect(JSON.parse(kept[0].snapshot).values.trade_fair_booth).toBe("Hall 4, Stand 7");
    const deleted = await t.db
      .selectFrom("activity")
      .select(["action", "summary"])
      .where("id", "=", kept[1].activity_id)
      .executeTakeFirstOrThrow();
    expect(deleted).toEqual({ action: "delete", summary: "Deleted setting trade_fair_booth" });
    expect(await html("/admin/site-settings")).toContain(">History</h2>");
    expect((await restore("setting", "site", 1)).status).toBe(302);
    const booth = await t.db
      .selectFrom("site_settings")
      .select("setting_value")
      .where("setting_key", "=", "trade_fair_booth")
      .executeTakeFirstOrThrow();
    expect(booth.setting_value).toBe("Hall 4, Stand 7");
  });

  it("settings changed by several admins at once: every change lands, each as its own version, numbered in turn", async () => {
    const before = (await versions("setting", "site")).length;
    const keys = Array.from({ length: 8 }, (_, i) => `booth_${i}`);
    const answers = await Promise.all(
      keys.map((key) =>
        form("/admin/site-settings", { intent: "add", setting_key: key, setting_value: `Hall ${key}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 302));
    const kept = await versions("setting", "site");
    expect(kept.map((v) => Number(v.number))).toEqual(kept.map((_, i) => i + 1));
    expect(kept.length).toBe(before + keys.length);
    // The newest version holds every key, whichever save came last.
    const newest = JSON.parse(kept[kept.length - 1].snapshot).values as Record<string, string>;
    for (const key of keys) expect(newest[key]).toBe(`Hall ${key}`);
  });

  it("certificates and gallery pictures: a version per save, a delete activity row with the last snapshot", async () => {
    const saved = await form("/admin/edit-pages/certificates?edit=new", {
      intent: "save",
      name: "APEDA",
      authority: "APEDA",
      description: "",
      sort_order: "",
    });
    expect(saved.status).toBe(302);
    const { id } = await t.db
      .selectFrom("certificates")
      .select("id")
      .where("name", "=", "APEDA")
      .executeTakeFirstOrThrow();
    expect((await versions("certificate", id)).length).toBe(1);
    const page = await html(`/admin/edit-pages/certificates?edit=${id}`);
    expect(page).toContain(">History</h2>");
    expect(page).toMatch(/Certificate Name:<\/span>[^<]*<span[^>]*>\(empty\)<\/span>[^<]*→[^<]*<span>APEDA</);
    expect((await form("/admin/edit-pages/certificates", { intent: "delete", id })).status).toBe(302);
    const row = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("entity", "=", "certificate")
      .where("action", "=", "delete")
      .executeTakeFirstOrThrow();
    expect(row.summary).toBe('Deleted certificate "APEDA"');
    expect(JSON.parse(row.details).snapshot.authority).toBe("APEDA");
  });
});

describe(`reverting a CSV import on ${engineName}`, () => {
  const IMPORT = "/admin/manage-products/import";
  const csvFile = (rows: string[][]) =>
    new File([rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",")).join("\r\n")], "p.csv", {
      type: "text/csv",
    });
  const HEADER = ["name", "slug", "category_slug", "description"];

  it("records one change set; the preview names a product edited since; the revert restores and removes", async () => {
    const first = await post(IMPORT, {
      intent: "preview",
      file: csvFile([HEADER, ["Garlic Bulb", "garlic-bulb", "onions", "Before import"]]),
    });
    const field = (html: string, name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? "";
    const importFrom = async (preview: Response) => {
      const html = await preview.text();
      const form = {
        intent: "import",
        draftId: field(html, "draftId"),
        add: field(html, "add"),
        update: field(html, "update"),
      };
      return app.request(IMPORT, { cookie, form });
    };
    expect((await importFrom(first)).status).toBe(302);
    const garlic = await product("garlic-bulb");
    const second = await post(IMPORT, {
      intent: "preview",
      file: csvFile([
        HEADER,
        ["Garlic Bulb", "garlic-bulb", "onions", "After import"],
        ["Shallot", "shallot", "onions", "New one"],
        ["Leek", "leek", "onions", "Another new one"],
      ]),
    });
    expect((await importFrom(second)).status).toBe(302);
    const entry = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("action", "=", "import")
      .where("entity", "=", "import")
      .orderBy("at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(entry.summary).toBe("Imported products from CSV: 2 added, 1 updated");
    const inSet = await t.db
      .selectFrom("activity")
      .select("entity_id")
      .where("change_set", "=", entry.change_set)
      .execute();
    expect(inSet).toHaveLength(4);

    // Someone edits the shallot after the import: the preview names it.
    const shallot = await product("shallot");
    await post(`/admin/manage-products/edit/${shallot.id}`, {
      name: "Shallot",
      slug: "shallot",
      category_id: onions,
      description: "Edited after",
    });
    const preview = await html(`/admin/activity/${entry.id}/revert`);
    expect(preview).toContain("Edited since the import");
    expect(preview).toMatch(/Edited since the import[^<]*Shallot/);
    expect(preview).toContain("Garlic Bulb");

    const reverted = await app.request(`/admin/activity/${entry.id}/revert`, { cookie, form: {} });
    expect(reverted.status).toBe(302);
    expect((await product("garlic-bulb")).description).toBe("Before import");
    expect((await product("garlic-bulb")).id).toBe(garlic.id);
    const gone = await t.db.selectFrom("products").select("slug").where("slug", "in", ["shallot", "leek"]).execute();
    expect(gone).toEqual([]);
    const again = await app.request(`/admin/activity/${entry.id}/revert`, { cookie, form: {} });
    expect(again.status).toBe(302);
    expect(await html(`/admin/activity/${entry.id}/revert`)).toContain("This import has been reverted.");
    expect(
      await t.db
        .selectFrom("activity")
        .select("id")
        .where("action", "=", "revert")
        .where("entity", "=", "import")
        .execute(),
    ).toHaveLength(1);
  });
});

describe(`keeping and pruning versions on ${engineName}`, () => {
  it("keeps versions younger than the keep period and the newest of each item; a pruned version's picture goes", async () => {
    const add = await post("/admin/manage-products/add", {
      name: "Potato",
      slug: "potato",
      category_id: onions,
      image: await jpegFile("p1.jpg"),
    });
    expect(add.status).toBe(302);
    const { id, image_url: first } = await product("potato");
    const edit = `/admin/manage-products/edit/${id}`;
    await post(edit, {
      name: "Potato",
      slug: "potato",
      category_id: onions,
      image: await jpegFile("p2.jpg", 500, "#0a0"),
    });
    const second = (await product("potato")).image_url;
    await post(edit, {
      name: "Potato",
      slug: "potato",
      category_id: onions,
      image: await jpegFile("p3.jpg", 500, "#00a"),
    });
    const third = (await product("potato")).image_url;
    expect([first, second, third].map(exists)).toEqual([true, true, true]);

    // Young versions are all kept, whatever their number.
    expect(await pruneVersions(t.db, app.storage, Date.now(), { perItem: 1 })).toBe(0);
    // Version 1 is old: beyond the newest two, it goes, and its picture with it; version 2's stays.
    const old = new Date(Date.now() - 800 * DAY_MS).toISOString();
    await t.db.updateTable("versions").set({ at: old }).where("entity_id", "=", id).where("number", "<=", 2).execute();
    expect(await pruneVersions(t.db, app.storage, Date.now(), { perItem: 2 })).toBe(1);
    expect((await versionsOf(id)).map((v) => Number(v.number))).toEqual([2, 3]);
    expect([first, second, third].map(exists)).toEqual([false, true, true]);
  });
});

describe(`items saved before versions were kept, on ${engineName}`, () => {
  it("the first save keeps the state before it as version 1, so it can be restored", async () => {
    const id = await insertProduct(t.db, {
      name: "Old Ginger",
      slug: "old-ginger",
      category_id: onions,
      description: "Original",
    });
    const saved = await post(`/admin/manage-products/edit/${id}`, {
      name: "Old Ginger",
      slug: "old-ginger",
      category_id: onions,
      description: "Changed",
    });
    expect(saved.status).toBe(302);
    const kept = await versionsOf(id);
    expect(kept.map((v) => [Number(v.number), v.actor_name])).toEqual([
      [1, null],
      [2, "Test admin"],
    ]);
    // Named as what it is, dated by when it was added, not as a save "by the system" at the time of the first edit
    // (issue 41; tests/integration/field-restore.test.ts checks the date itself).
    const page = visibleText(await (await app.request(`/admin/manage-products/edit/${id}`, { cookie })).text());
    expect(page).toMatch(
      /Version 1 · As it was before its first edit here · added \d{1,2} \w{3} \d{4}, \d{2}:\d{2} [^(]+\(created, imported or seeded\)/,
    );
    expect(page).not.toContain("by the system");
    expect((await app.request(`/admin/history/product/${id}/restore`, { cookie, form: { number: "1" } })).status).toBe(
      302,
    );
    expect((await product("old-ginger")).description).toBe("Original");
  });
});
