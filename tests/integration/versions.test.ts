import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectPathFromUrl } from "~/lib/storage/storage.server";
import { nowIso } from "~/lib/time";
import { jpegFile } from "../support/images";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, insertCategory, whileRefusing, type TestDatabase } from "../support/test-db";

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
  await t.db.insertInto("languages").values({ code: "ar", enabled: 1, updated_at: nowIso() }).execute();
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
