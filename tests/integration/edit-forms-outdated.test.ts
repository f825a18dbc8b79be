import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminTestApp, signedInAs } from "../support/test-app";
import { insertCertificate, insertGalleryItem, insertPost, insertSetting } from "../support/builders";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { enableLanguages } from "../support/translations";

// Issue 38: two admins saving one item; the one whose form was opened before is refused, nothing overwritten.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createAdminTestApp>>["app"];
let ravi: string;
let meera: string;

beforeAll(async () => {
  let admin: { userId: string };
  ({ t, app, admin, cookie: ravi } = await createAdminTestApp());
  const other = await signedInAs(t.db, "admin");
  meera = other.cookie;
  await t.db.updateTable("profiles").set({ full_name: "Ravi Kumar" }).where("id", "=", admin.userId).execute();
  await t.db.updateTable("profiles").set({ full_name: "Meera Shah" }).where("id", "=", other.userId).execute();
});
afterAll(() => t.cleanup());

const post = (path: string, cookie: string, fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  return app.request(path, { multipart: form, cookie });
};

/** The page as a browser gets it, and the version its form was opened on (the hidden field). */
async function open(path: string, cookie: string) {
  const response = await app.request(path, { cookie });
  expect(response.status).toBe(200);
  const html = await response.text();
  const version = /<input type="hidden" name="version" value="([^"]+)"/.exec(html)?.[1];
  expect(version).toBeTruthy();
  return version!.replaceAll("&amp;", "&");
}

const decode = (html: string) => html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe(`edit forms opened on an outdated version, on ${engineName}`, () => {
  it("product: the second admin's save is refused with who changed what, the description kept, the form kept", async () => {
    const category = await insertCategory(t.db, { name: "Onions", slug: "onions" });
    const id = await insertProduct(t.db, {
      category_id: category,
      name: "Nashik Red Onion",
      slug: "nashik-red-onion",
      description: "Old description",
    });
    const path = `/admin/manage-products/edit/${id}`;
    const base = { name: "Nashik Red Onion", slug: "nashik-red-onion", category_id: category, status: "published" };
    const first = await open(path, ravi);
    const second = await open(path, meera);

    const saved = await post(path, ravi, { ...base, description: "New description", version: first });
    expect(saved.status).toBe(302);

    const refused = await post(path, meera, {
      ...base,
      description: "Old description",
      shelf_life: "21 days",
      version: second,
    });
    expect(refused.status).toBe(409);
    const html = decode(await refused.text());
    expect(html).toContain("Changed by someone else");
    expect(html).toMatch(/Ravi Kumar saved this product at [^<]+ while you were editing: their change to Description/);
    expect(html).toContain("Your changes are still in the form");
    expect(html).toContain("21 days"); // what Meera typed is still in the form
    const row = await t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.description).toBe("New description");
    expect(row.trade_terms).not.toContain("21 days");

    // The refusal hands the form the version now: saving again, knowingly, goes through.
    const current = /<input type="hidden" name="version" value="([^"]+)"/.exec(html)?.[1];
    expect(current).toBeTruthy();
    expect(current).not.toBe(second);
    const again = await post(path, meera, {
      ...base,
      description: "New description",
      shelf_life: "21 days",
      version: current!,
    });
    expect(again.status).toBe(302);
    const after = await t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(after.description).toBe("New description");
    expect(after.trade_terms).toContain("21 days");
  });

  it("product: two saves from one version at the same moment, exactly one goes through", async () => {
    const category = await insertCategory(t.db, { name: "Garlic", slug: "garlic" });
    const id = await insertProduct(t.db, { category_id: category, name: "Garlic", slug: "garlic" });
    const path = `/admin/manage-products/edit/${id}`;
    const version = await open(path, ravi);
    const base = { name: "Garlic", slug: "garlic", category_id: category, status: "published", version };
    const answers = await Promise.all([
      post(path, ravi, { ...base, description: "From Ravi" }),
      post(path, meera, { ...base, description: "From Meera" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    const winner = answers[0].status === 302 ? "From Ravi" : "From Meera";
    const row = await t.db.selectFrom("products").select("description").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.description).toBe(winner);
  });

  /**
   * The same case on each other edit form: admin 1 changes `theirs`, admin 2 (form opened before) changes `mine`
   * and sends `theirs` as it was; admin 2 is refused, naming admin 1 and the field, and admin 1's change stays.
   */
  interface Case {
    name: string;
    table: "product_categories" | "blog_posts" | "certificates" | "gallery_items";
    insert: () => Promise<string>;
    page: (id: string) => string;
    base: Record<string, string>;
    theirs: [field: string, before: string, after: string, label: string];
    mine: [field: string, value: string];
  }
  const cases: Case[] = [
    {
      name: "category",
      table: "product_categories",
      insert: () => insertCategory(t.db, { name: "Spices", slug: "spices", description: "Old" }),
      page: (id) => `/admin/manage-categories/edit/${id}`,
      base: { name: "Spices", slug: "spices", status: "published" },
      theirs: ["description", "Old", "Whole and ground", "Description"],
      mine: ["name", "Spices and Herbs"],
    },
    {
      name: "blog post",
      table: "blog_posts",
      insert: () =>
        insertPost(t.db, {
          title: "Harvest notes",
          slug: "harvest-notes",
          content: "Old body",
          author_name: "Desk",
          status: "published",
        }),
      page: (id) => `/admin/manage-blog/edit/${id}`,
      base: { title: "Harvest notes", slug: "harvest-notes", status: "published", author_name: "Desk" },
      theirs: ["content", "Old body", "New body", "Content"],
      mine: ["excerpt", "A short summary"],
    },
    {
      name: "certificate",
      table: "certificates",
      insert: () => insertCertificate(t.db, { name: "APEDA", description: "Old" }),
      page: (id) => `/admin/edit-pages/certificates?edit=${id}`,
      base: { intent: "save", name: "APEDA" },
      theirs: ["description", "Old", "Registered exporter", "Description"],
      mine: ["authority", "Ministry of Commerce"],
    },
    {
      name: "gallery picture",
      table: "gallery_items",
      insert: () => insertGalleryItem(t.db, { title: "Old", image_url: "/media/public/gallery/a.jpg" }),
      page: (id) => `/admin/edit-pages/gallery?edit=${id}`,
      base: { intent: "save", image_saved: "on" },
      theirs: ["title", "Old", "Packing shed", "Title"],
      mine: ["sort_order", "7"],
    },
  ];

  for (const c of cases)
    it(`${c.name}: a save on a form opened before another admin's save is refused, their change kept`, async () => {
      const id = await c.insert();
      const path = c.page(id);
      const sent = (extra: Record<string, string>) =>
        c.page(id).includes("?") ? { id, ...c.base, ...extra } : { ...c.base, ...extra };
      const first = await open(path, ravi);
      const second = await open(path, meera);
      const [field, before, after, label] = c.theirs;
      expect((await post(path, ravi, sent({ [field]: after, version: first }))).status).toBe(302);

      const refused = await post(path, meera, sent({ [field]: before, [c.mine[0]]: c.mine[1], version: second }));
      expect(refused.status).toBe(409);
      const html = decode(await refused.text());
      expect(html).toContain("Changed by someone else");
      expect(html).toContain(`Ravi Kumar saved this ${c.name} at `);
      expect(html).toContain(`their change to ${label} would be lost`);
      expect(html).toContain(c.mine[1]);
      const row = (await t.db.selectFrom(c.table).selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Record<
        string,
        unknown
      >;
      expect(row[field]).toBe(after);
      expect(String(row[c.mine[0]])).not.toBe(c.mine[1]);
    });

  it("home page: a save on an editor opened before another admin's save is refused, their change kept", async () => {
    const path = "/admin/edit-pages/home";
    // Saved once, so the page has a version; then both open the editor.
    expect((await post(path, ravi, { hero_subtitle: "Old subtitle" })).status).toBe(302);
    const first = await open(path, ravi);
    const second = await open(path, meera);
    expect((await post(path, ravi, { hero_subtitle: "New subtitle", version: first })).status).toBe(302);

    const refused = await post(path, meera, {
      hero_subtitle: "Old subtitle",
      hero_main_title: "Onions for the world",
      version: second,
    });
    expect(refused.status).toBe(409);
    const html = decode(await refused.text());
    expect(html).toMatch(/Ravi Kumar saved this page at [^<]+ while you were editing: their change to Hero Subtitle/);
    expect(html).toContain("Onions for the world");
    const rows = await t.db.selectFrom("page_content").selectAll().where("page_slug", "=", "home").execute();
    const stored = new Map(rows.map((row) => [row.section_slug, row.content]));
    expect(stored.get("hero_subtitle")).toBe("New subtitle");
    expect(stored.get("hero_main_title")).not.toBe("Onions for the world");

    const current = /<input type="hidden" name="version" value="([^"]+)"/.exec(html)![1];
    const again = await post(path, meera, { hero_main_title: "Onions for the world", version: current });
    expect(again.status).toBe(302);
  });
});

describe(`site settings opened on an outdated version, on ${engineName}`, () => {
  it("a setting another admin saved meanwhile is refused with who changed it; the others are saved", async () => {
    await insertSetting(t.db, "contact_email", "old@example.com", { id: "st-email" });
    await insertSetting(t.db, "office_hours", "9 to 5", { id: "st-hours" });
    const path = "/admin/site-settings";
    const shown = {
      intent: "save",
      "original:st-email": "old@example.com",
      "original:st-hours": "9 to 5",
    };
    const first = await open(path, ravi);
    const second = await open(path, meera);
    const saved = await post(path, ravi, { ...shown, "value:st-email": "ravi@example.com", version: first });
    expect(saved.status).toBe(302);

    const refused = await post(path, meera, {
      ...shown,
      "value:st-email": "meera@example.com",
      "value:st-hours": "8 to 6",
      version: second,
    });
    expect(refused.status).toBe(409);
    const html = decode(await refused.text());
    expect(html).toContain("Changed by someone else");
    expect(html).toMatch(/Ravi Kumar saved this setting at [^<]+ while you were editing: their change to Email/);
    expect(html).toContain("Your changes are still in the form");
    expect(html).toContain("meera@example.com"); // what Meera typed is still in the form
    const value = async (id: string) =>
      (await t.db.selectFrom("site_settings").select("setting_value").where("id", "=", id).executeTakeFirstOrThrow())
        .setting_value;
    expect(await value("st-email")).toBe("ravi@example.com");
    // Each setting is saved by its own rule (spec §7): the one nobody else changed is written.
    expect(await value("st-hours")).toBe("8 to 6");

    // The page sent back shows what is stored now: saving again, knowingly, goes through.
    const original = /<input type="hidden" name="original:st-email" value="([^"]+)"/.exec(html)?.[1];
    expect(original).toBe("ravi@example.com");
    const current = /<input type="hidden" name="version" value="([^"]+)"/.exec(html)![1];
    const again = await post(path, meera, {
      intent: "save",
      "original:st-email": original!,
      "value:st-email": "meera@example.com",
      version: current,
    });
    expect(again.status).toBe(302);
    expect(await value("st-email")).toBe("meera@example.com");
  });
});

describe(`a user's role opened on an outdated version, on ${engineName}`, () => {
  it("a role another admin changed meanwhile is refused with who changed it; saving again goes through", async () => {
    const { userId } = await signedInAs(t.db, "user");
    const path = `/admin/user-management/edit/${userId}`;
    const first = await open(path, ravi);
    const second = await open(path, meera);
    expect((await post(path, ravi, { role: "admin", version: first })).status).toBe(302);

    const refused = await post(path, meera, { role: "user", version: second });
    expect(refused.status).toBe(409);
    const html = decode(await refused.text());
    expect(html).toContain("Changed by someone else");
    expect(html).toMatch(/Ravi Kumar saved this user at [^<]+ while you were editing: their change to Role/);
    const role = async () =>
      (await t.db.selectFrom("profiles").select("role").where("id", "=", userId).executeTakeFirstOrThrow()).role;
    expect(await role()).toBe("admin");

    const current = /<input type="hidden" name="version" value="([^"]+)"/.exec(html)![1];
    expect(current).not.toBe(second);
    expect((await post(path, meera, { role: "user", version: current })).status).toBe(302);
    expect(await role()).toBe("user");
  });
});

describe(`the translation editor opened on an outdated version, on ${engineName}`, () => {
  it("a field another admin translated meanwhile is refused with who changed it, nothing written", async () => {
    const category = await insertCategory(t.db, { name: "Pulses", slug: "pulses", description: "Lentils" });
    await enableLanguages(t.db, "fr");
    const path = `/admin/translations/fr/category/${category}`;
    const response = await app.request(path, { cookie: ravi });
    const first = await open(path, ravi);
    const second = await open(path, meera);
    const shown = { "s:name": "", "s:description": "", "h:name": "", "h:description": "" };
    const hashes = await response.text().then((html) => ({
      "h:name": /name="h:name" value="([^"]+)"/.exec(html)![1],
      "h:description": /name="h:description" value="([^"]+)"/.exec(html)![1],
    }));
    const saved = await post(path, ravi, { ...shown, ...hashes, "t:name": "Légumineuses", version: first });
    expect(saved.status).toBe(302);

    // Meera's form showed no translation of the name: she writes the description and leaves the name as shown.
    const refused = await post(path, meera, {
      ...shown,
      ...hashes,
      "t:name": "Légumes secs",
      "t:description": "Lentilles",
      version: second,
    });
    expect(refused.status).toBe(409);
    const html = decode(await refused.text());
    expect(html).toMatch(/Ravi Kumar saved this translation at [^<]+ while you were editing: their change to Name/);
    expect(html).toContain("Lentilles");
    const stored = async () =>
      Object.fromEntries(
        (
          await t.db
            .selectFrom("content_translations")
            .select(["field", "value"])
            .where("entity", "=", "category")
            .where("entity_id", "=", category)
            .where("lang", "=", "fr")
            .execute()
        ).map((row) => [row.field, row.value]),
      );
    expect(await stored()).toEqual({ name: "Légumineuses" });

    // An untouched field never undoes another admin's translation; the page sent back shows what is stored now.
    const current = /<input type="hidden" name="version" value="([^"]+)"/.exec(html)![1];
    const again = await post(path, meera, {
      ...hashes,
      "s:name": "Légumineuses",
      "s:description": "",
      "t:name": "Légumineuses",
      "t:description": "Lentilles",
      version: current,
    });
    expect(again.status).toBe(302);
    expect(await stored()).toEqual({ name: "Légumineuses", description: "Lentilles" });
  });
});
