import fs from "node:fs";
import Papa from "papaparse";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyImport, exportProductsCsv, parseProductsCsv, planImport } from "~/features/catalogue/csv.server";
import { objectPathFromUrl } from "~/features/media/storage.server";
import { newId, nowIso } from "~/lib/time";
import { jpegFile, textFile } from "../support/images";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, usingPostgres, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;
let garlic: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  cookie = (await signedInAs(t.db, "admin")).cookie;
  const now = nowIso();
  onions = newId();
  garlic = newId();
  await t.db.insertInto("product_categories").values([
    { id: onions, name: "Onions", slug: "onions", description: null, image_url: null, created_at: now, updated_at: now },
    { id: garlic, name: "Garlic", slug: "garlic", description: null, image_url: null, created_at: now, updated_at: now },
  ]).execute();
});
afterAll(() => t.cleanup());

const post = (path: string, fields: Record<string, string | File | Array<string | File>>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  return app.request(path, { multipart: form, cookie });
};
const product = (slug: string) => t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
const exists = (url: string | null | undefined) => !!url && fs.existsSync(app.storage.resolve(objectPathFromUrl(url)!)!);

describe(`product back office on ${engineName}`, () => {
  it("says 'Missing Fields' / 'Product Name, Category, and Slug are required.'", async () => {
    for (const fields of [{ name: "", slug: "a", category_id: onions }, { name: "A", slug: "", category_id: onions }, { name: "A", slug: "a", category_id: "" }, { name: "A", slug: "a", category_id: "no-such-id" }]) {
      const response = await post("/admin/manage-products/add", fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Missing Fields");
      expect(html).toContain("Product Name, Category, and Slug are required.");
    }
  });

  it("adds a product with a main image, two gallery images and only complete specification rows", async () => {
    const response = await post("/admin/manage-products/add", {
      name: "Nashik Red Onion",
      slug: "Nashik Red Onion",
      category_id: onions,
      description: "Deep red",
      export_info: "Mesh bags",
      is_featured: "on",
      spec_key: ["Size", "Organic", "", "Empty value"],
      spec_type: ["text", "boolean", "text", "text"],
      spec_value: ["55 mm", "no", "orphan value", ""],
      image: await jpegFile("main.jpg"),
      gallery_new: [await jpegFile("g1.jpg", 500, "#aa0"), await jpegFile("g2.jpg", 500, "#0aa")],
    });
    expect(response.status).toBe(302);
    const saved = (await product("nashik-red-onion"))!;
    expect(saved).toMatchObject({ name: "Nashik Red Onion", category_id: onions, description: "Deep red", export_info: "Mesh bags", is_featured: 1 });
    expect(JSON.parse(saved.specifications)).toEqual({ Size: "55 mm", Organic: false });
    expect(saved.image_url).toMatch(/\/public\/products\/nashik-red-onion\/product-[A-Za-z0-9]{8}\.jpg$/);
    const gallery = JSON.parse(saved.gallery_images);
    expect(gallery).toHaveLength(2);
    for (const url of gallery) expect(url).toMatch(/\/public\/products\/nashik-red-onion\/gallery\/gallery-[A-Za-z0-9]{8}\.jpg$/);
    for (const url of [saved.image_url, ...gallery]) expect(exists(url)).toBe(true);
  });

  it("refuses a second product with the same slug in the same category", async () => {
    const response = await post("/admin/manage-products/add", { name: "Nashik Red Onion", slug: "nashik-red-onion", category_id: onions });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Another product in this category already uses the slug");
  });

  it("on edit replaces the main image, removes a staged gallery image and skips a bad gallery file with a warning", async () => {
    const before = (await product("nashik-red-onion"))!;
    const [keep, drop] = JSON.parse(before.gallery_images);
    const response = await post(`/admin/manage-products/edit/${before.id}`, {
      name: "Nashik Red Onion",
      slug: "nashik-red-onion",
      category_id: onions,
      image: await jpegFile("new-main.jpg", 600, "#123"),
      gallery_remove: drop,
      gallery_new: [textFile("notes.png", "plain text"), await jpegFile("g3.jpg")],
    });
    expect(response.status).toBe(302);
    expect(decodeURIComponent(response.headers.get("Set-Cookie") ?? "")).toBeTruthy();
    const after = (await product("nashik-red-onion"))!;
    expect(after.image_url).not.toBe(before.image_url);
    expect(exists(before.image_url)).toBe(false);
    expect(exists(after.image_url)).toBe(true);
    const gallery = JSON.parse(after.gallery_images);
    expect(gallery).toHaveLength(2);
    expect(gallery[0]).toBe(keep);
    expect(exists(drop)).toBe(false);
    const flash = JSON.parse(Buffer.from(response.headers.get("Set-Cookie")!.match(/flash=([^;]+)/)![1], "base64url").toString());
    expect(flash.title).toBe("Product Updated!");
    expect(flash.description).toContain("notes.png");
  });

  it("removing the main image clears image_url; deleting the product removes its files", async () => {
    const before = (await product("nashik-red-onion"))!;
    await post(`/admin/manage-products/edit/${before.id}`, { name: "Nashik Red Onion", slug: "nashik-red-onion", category_id: onions, image_remove: "1" });
    const after = (await product("nashik-red-onion"))!;
    expect(after.image_url).toBeNull();
    expect(exists(before.image_url)).toBe(false);
    const gallery = JSON.parse(after.gallery_images);
    const response = await app.request("/admin/manage-products", { form: { intent: "delete", id: after.id }, cookie });
    expect(response.status).toBe(200);
    expect(await product("nashik-red-onion")).toBeUndefined();
    for (const url of gallery) expect(exists(url)).toBe(false);
  });
});

describe(`CSV export and import on ${engineName}`, () => {
  const csv = (rows: string[][]) => Papa.unparse(rows, { newline: "\r\n" });

  it("exports the spec's columns with formula cells neutralised, as a dated download", async () => {
    const now = nowIso();
    await t.db.insertInto("products").values({
      id: newId(), name: "=HYPERLINK(\"http://evil\")", slug: "formula", category_id: onions, description: "+1 line\nsecond, with comma", image_url: null,
      gallery_images: "[]", specifications: '{"Size":"-5 mm","Ok":true}', export_info: "@admin\ttab", is_featured: 0, created_at: now, updated_at: now,
    }).execute();
    const response = await app.request("/admin/manage-products/export", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="products-export-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const [header, row] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header).toEqual(["name", "slug", "category_slug", "description", "specifications", "export_info", "is_featured", "image_url", "gallery_images"]);
    expect(row[0]).toBe("'=HYPERLINK(\"http://evil\")");
    expect(row[3]).toBe("'+1 line\nsecond, with comma");
    expect(row[5]).toBe("'@admin\ttab");
    expect(row[4]).toBe('{"Size":"-5 mm","Ok":true}');
    for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("round-trips: an export imported into an empty catalogue gives back the same products", async () => {
    const now = nowIso();
    await t.db.insertInto("products").values({
      id: newId(), name: "Garlic Ooty", slug: "garlic-ooty", category_id: garlic, description: null, image_url: "/media/application-assets/public/products/x/product-abcdefgh.jpg",
      gallery_images: '["/media/application-assets/public/products/x/gallery/gallery-abcdefgh.jpg"]', specifications: '{"Zeta":"z","Alpha":false}', export_info: "Cartons", is_featured: 1, created_at: now, updated_at: now,
    }).execute();
    const fields = ["name", "slug", "category_id", "description", "image_url", "gallery_images", "specifications", "export_info", "is_featured"] as const;
    const snapshot = async () => (await t.db.selectFrom("products").select([...fields]).orderBy("slug").execute()).map((r) => ({ ...r }));
    const before = await snapshot();
    const exported = await exportProductsCsv(t.db);
    await t.db.deleteFrom("products").execute();
    const parsed = parseProductsCsv(exported);
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = await planImport(t.db, parsed.rows);
    expect(plan.skipped).toEqual([]);
    expect(await applyImport(t.db, plan)).toBe(before.length);
    expect(await snapshot()).toEqual(before);
  });

  it("previews adds, updates and skips with reasons, then imports in one go", async () => {
    const text = csv([
      ["name", "slug", "category_slug", "description", "specifications", "export_info", "is_featured", "image_url", "gallery_images"],
      ["White Onion", "", "onions", "New", '{"Size":"60 mm"}', "", "true", "", ""],
      ["Garlic Ooty", "garlic-ooty", "garlic", "Updated text", "not json", "", "TRUE", "javascript:alert(1)", "[]"],
      ["", "nameless", "onions", "", "", "", "", "", ""],
      ["Lost", "lost", "no-such-category", "", "", "", "", "", ""],
      ["White Onion", "white-onion", "onions", "Duplicate", "", "", "", "", ""],
    ]);
    const preview = await post("/admin/manage-products/import", { intent: "preview", file: new File([text], "products.csv", { type: "text/csv" }) });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toMatch(/>1<\/span> to add/);
    expect(html).toMatch(/>1<\/span> to update/);
    expect(html).toMatch(/>3<\/span> to skip/);
    expect(html).toContain("No name.");
    expect(html).toContain("No category with the slug &quot;no-such-category&quot;.");
    expect(html).toContain("Same category and slug as line 2.");
    expect(await product("white-onion")).toBeUndefined();

    const done = await post("/admin/manage-products/import", { intent: "import", csv: text });
    expect(done.status).toBe(302);
    const flash = JSON.parse(Buffer.from(done.headers.get("Set-Cookie")!.match(/flash=([^;]+)/)![1], "base64url").toString());
    expect(flash).toMatchObject({ title: "Import Successful", description: "2 products imported." });
    expect(await product("white-onion")).toMatchObject({ description: "New", is_featured: 1, specifications: '{"Size":"60 mm"}' });
    expect(await product("garlic-ooty")).toMatchObject({ description: "Updated text", specifications: "{}", image_url: null, is_featured: 1 });
  });

  it("says 'Import Error' for unreadable CSV and 'No Products to Import' when nothing is usable", async () => {
    const broken = await post("/admin/manage-products/import", { intent: "preview", file: new File(['name,category_slug\n"unclosed,onions\n'], "x.csv") });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("Import Error");
    const empty = await post("/admin/manage-products/import", { intent: "preview", file: new File(["name,category_slug\n,onions\n"], "x.csv") });
    const html = await empty.text();
    expect(html).toContain("No Products to Import");
    expect(html).toContain("CSV might be empty or products are missing required fields (name, slug, valid category_slug).");
  });

  it("imports all rows or none: a failure part-way leaves the catalogue as it was", async () => {
    const count = async () => (await t.db.selectFrom("products").select("id").execute()).length;
    const before = await count();
    const rows = [["name", "category_slug"], ...Array.from({ length: 30 }, (_, i) => [`Bulk ${i}`, "onions"]), ["Poison", "onions"]];
    const parsed = parseProductsCsv(csv(rows));
    if (!parsed.ok) throw new Error(parsed.message);
    const plan = await planImport(t.db, parsed.rows);
    if (usingPostgres) {
      await sql`create function refuse_poison() returns trigger language plpgsql as $$ begin if new.name = 'Poison' then raise exception 'refused'; end if; return new; end $$`.execute(t.db);
      await sql`create trigger poison before insert on products for each row execute function refuse_poison()`.execute(t.db);
    } else {
      await sql`create trigger poison before insert on products when new.name = 'Poison' begin select raise(abort, 'refused'); end`.execute(t.db);
    }
    try {
      await expect(applyImport(t.db, plan)).rejects.toThrow();
    } finally {
      await sql`drop trigger poison ${usingPostgres ? sql`on products` : sql``}`.execute(t.db);
    }
    expect(await count()).toBe(before);
  });
});
