import fs from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VARIANT_WIDTHS, variantPath } from "~/features/images/images.server";
import { objectPathFromUrl } from "~/lib/storage/storage.server";
import { jpegFile, multipart, textFile } from "../support/images";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, insertProduct, type TestDatabase, usingPostgres } from "../support/test-db";
import { pruneAllVersions } from "../support/versions";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp({ uploadMaxBytes: 200_000 }));
});
afterAll(() => t.cleanup());

const add = (fields: Record<string, string | File>) =>
  app.request("/admin/manage-categories/add", { multipart: multipart(fields), cookie });
const edit = (id: string, fields: Record<string, string | File>) =>
  app.request(`/admin/manage-categories/edit/${id}`, { multipart: multipart(fields), cookie });
const byslug = (slug: string) =>
  t.db.selectFrom("product_categories").selectAll().where("slug", "=", slug).executeTakeFirst();
const fileOf = (url: string | null) => app.storage.resolve(objectPathFromUrl(url)!)!;
const allFiles = (url: string | null) =>
  [objectPathFromUrl(url)!, ...VARIANT_WIDTHS.map((w) => variantPath(objectPathFromUrl(url)!, w))].map((p) =>
    app.storage.resolve(p)!,
  );

describe(`category back office on ${engineName}`, () => {
  it("adds a category with a normalised slug and a stored image with its variants", async () => {
    const response = await add({
      name: "Fresh Onions",
      slug: "  Fresh Onions!! ",
      description: "Red and white",
      image: await jpegFile("../../etc/passwd.jpg"),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/manage-categories");
    expect(response.headers.get("Set-Cookie")).toContain("flash=");
    const category = await byslug("fresh-onions");
    expect(category).toMatchObject({ name: "Fresh Onions", description: "Red and white" });
    expect(category!.image_url).toMatch(
      /^\/media\/application-assets\/public\/categories\/fresh-onions\/category-[A-Za-z0-9]{8}\.jpg$/,
    );
    for (const file of allFiles(category!.image_url)) expect(fs.existsSync(file), file).toBe(true);
  });

  it("says 'Category Name and Slug are required.' and keeps what was typed", async () => {
    for (const fields of [
      { name: "", slug: "x" },
      { name: "Garlic", slug: "" },
      { name: "   ", slug: "!!!" },
    ]) {
      const response = await add({ ...fields, description: "kept" });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Category Name and Slug are required.");
      expect(html).toContain("kept");
    }
  });

  it("refuses a slug another category already uses", async () => {
    const response = await add({ name: "Onions Again", slug: "fresh-onions", description: "" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Another category already uses the slug");
  });

  it("refuses files that are not real images, and oversize ones, storing nothing", async () => {
    const svg = textFile(
      "logo.svg",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      "image/svg+xml",
    );
    const cases: Array<[File, string]> = [
      [textFile("photo.png", "this is just text"), "Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded."],
      [svg, "Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded."],
      [
        new File([await jpegFile("huge.jpg"), new Uint8Array(300_000)], "huge.jpg", { type: "image/jpeg" }),
        "larger than the",
      ],
    ];
    for (const [file, message] of cases) {
      const response = await add({
        name: `Bad ${file.name}`,
        slug: `bad-${file.name.replace(/\W/g, "")}`,
        description: "",
        image: file,
      });
      expect(response.status, file.name).toBe(400);
      expect(await response.text()).toContain(message);
      expect(await byslug(`bad-${file.name.replace(/\W/g, "")}`)).toBeUndefined();
    }
    expect(fs.existsSync(app.storage.resolve("public/categories/bad-logosvg")!)).toBe(false);
  });

  it("replacing an image removes the old file; clearing it empties image_url and removes the file", async () => {
    const category = (await byslug("fresh-onions"))!;
    const oldFiles = allFiles(category.image_url);
    expect(
      (
        await edit(category.id, {
          name: "Fresh Onions",
          slug: "fresh-onions",
          description: "",
          image: await jpegFile("new.jpg", 500, "#3060b0"),
        })
      ).status,
    ).toBe(302);
    const replaced = (await byslug("fresh-onions"))!;
    expect(replaced.image_url).not.toBe(category.image_url);
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    for (const file of oldFiles) expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(fileOf(replaced.image_url))).toBe(true);

    expect(
      (await edit(category.id, { name: "Fresh Onions", slug: "fresh-onions", description: "", image_remove: "1" }))
        .status,
    ).toBe(302);
    expect((await byslug("fresh-onions"))!.image_url).toBeNull();
    await pruneAllVersions(t.db, app.storage);
    expect(fs.existsSync(fileOf(replaced.image_url))).toBe(false);
  });

  it("removes a newly uploaded image again when the database write fails", async () => {
    const category = (await byslug("fresh-onions"))!;
    const folder = app.storage.resolve("public/categories/fresh-onions")!;
    const before = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
    if (usingPostgres) {
      await sql`create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
        t.db,
      );
      await sql`create trigger refuse before update on product_categories for each row execute function refuse_update()`.execute(
        t.db,
      );
    } else {
      await sql`create trigger refuse before update on product_categories begin select raise(abort, 'refused'); end`.execute(
        t.db,
      );
    }
    try {
      const response = await edit(category.id, {
        name: "Fresh Onions",
        slug: "fresh-onions",
        description: "",
        image: await jpegFile("doomed.jpg"),
      });
      expect(response.status).toBe(500);
    } finally {
      await sql`drop trigger refuse ${usingPostgres ? sql`on product_categories` : sql``}`.execute(t.db);
    }
    const after = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
    expect(after).toEqual(before);
  });

  it("refuses to delete a category with products ('Cannot Delete Category') and deletes an unused one with its image", async () => {
    const used = (await byslug("fresh-onions"))!;
    await insertProduct(t.db, {
      name: "Red",
      slug: "red",
      category_id: used.id,
    });
    const refused = await app.request("/admin/manage-categories", { form: { intent: "delete", id: used.id }, cookie });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Cannot Delete Category");
    expect(html).toContain("Please delete or reassign these products first.");
    expect(await byslug("fresh-onions")).toBeDefined();

    expect((await add({ name: "Garlic", slug: "garlic", description: "", image: await jpegFile() })).status).toBe(302);
    const garlic = (await byslug("garlic"))!;
    const deleted = await app.request("/admin/manage-categories", {
      form: { intent: "delete", id: garlic.id },
      cookie,
    });
    // Post/redirect/get: back to the list, with the toast in the flash cookie.
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/manage-categories");
    expect(deleted.headers.get("set-cookie")).toMatch(/^flash=/);
    expect(await byslug("garlic")).toBeUndefined();
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    for (const file of allFiles(garlic.image_url)) expect(fs.existsSync(file)).toBe(false);
  });

  it("searches by name and slug, with % and _ taken literally", async () => {
    await add({ name: "Potatoes 50% Off", slug: "potatoes", description: "" });
    const hit = await (await app.request("/admin/manage-categories?q=potat", { cookie })).text();
    expect(hit).toContain("Potatoes 50% Off");
    expect(hit).not.toContain(">Fresh Onions<");
    const literal = await (
      await app.request(`/admin/manage-categories?q=${encodeURIComponent("50%")}`, { cookie })
    ).text();
    expect(literal).toContain("Potatoes 50% Off");
    const none = await (await app.request(`/admin/manage-categories?q=${encodeURIComponent("_")}`, { cookie })).text();
    expect(none).toContain("No categories found.");
  });
});
