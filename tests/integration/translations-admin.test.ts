import { moveProductTranslations } from "~/db/content-translations.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceHash } from "~/features/translations/source-hash";
import { multipart } from "../support/images";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { enableLanguages } from "../support/translations";

// The Translations screen (issue 26): items × languages with a status per cell, the side-by-side editor, and the
// export of missing and outdated fields with a re-import that previews first.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;
let garlic: string;
let red: string;
let white: string;

const DESCRIPTION = "Pungent red onions from Nashik, graded by size.";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { pageCache: true });
  ({ cookie } = await signedInAs(t.db, "admin"));
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  garlic = await insertCategory(t.db, { name: "Garlic", slug: "garlic" });
  red = await insertProduct(t.db, {
    name: "Red Onion",
    slug: "red-onion",
    category_id: onions,
    description: DESCRIPTION,
  });
  white = await insertProduct(t.db, {
    name: "White Onion",
    slug: "white-onion",
    category_id: onions,
    specifications: JSON.stringify({ Size: "55 mm+", Organic: false }),
  });
  await insertProduct(t.db, { name: "Garlic Bulbs", slug: "garlic-bulbs", category_id: garlic });
  await enableLanguages(t.db, "ar", "bn");
});
afterAll(() => t.cleanup());

const html = async (path: string) => {
  const response = await app.request(path, { cookie });
  expect(response.status, path).toBe(200);
  return response.text();
};
const rows = () =>
  t.db
    .selectFrom("content_translations")
    .selectAll()
    .orderBy("entity")
    .orderBy("entity_id")
    .orderBy("lang")
    .orderBy("field")
    .execute();
const cellStatus = (page: string, entity: string, id: string, lang: string) => {
  const row = new RegExp(`data-testid="translation-row-${entity}/${id}"[\\s\\S]*?</tr>`).exec(page)?.[0] ?? "";
  return new RegExp(`data-lang="${lang}"[\\s\\S]*?data-status="(\\w+)"`).exec(row)?.[1];
};
/** The input or textarea of a name. */
const control = (page: string, name: string) =>
  new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? "";
/** The editor's form for these texts, with the hashes of the English the page showed. */
async function editorForm(lang: string, entity: string, id: string, texts: Record<string, string>) {
  const page = await html(`/admin/translations/${lang}/${entity}/${id}`);
  const form: Record<string, string> = {};
  for (const [, name, hash] of page.matchAll(/name="h:([^"]+)" value="([^"]+)"/g)) form[`h:${name}`] = hash;
  for (const [field, text] of Object.entries(texts)) form[`t:${field}`] = text;
  return form;
}
const save = async (lang: string, entity: string, id: string, texts: Record<string, string>, extra = {}) =>
  app.request(`/admin/translations/${lang}/${entity}/${id}`, {
    cookie,
    form: { ...(await editorForm(lang, entity, id, texts)), ...extra },
  });
const lastChange = async () =>
  (await t.db.selectFrom("page_changes").select("tags").orderBy("version", "desc").executeTakeFirst())?.tags;

describe(`the Translations screen on ${engineName}`, () => {
  it("shows items × enabled languages, missing at first, with each language's progress", async () => {
    const page = await html("/admin/translations");
    expect(page).toContain("<title>Translations");
    expect(page).toContain(">Arabic<");
    expect(page).toContain(">Bengali<");
    expect(page).not.toContain(">French<");
    expect(cellStatus(page, "product", red, "ar")).toBe("missing");
    expect(page).toMatch(/Arabic: 0% done/);
    const filtered = await html("/admin/translations?kind=category");
    expect(filtered).toContain('data-testid="translation-row-category/');
    expect(filtered).not.toContain('data-testid="translation-row-product/');
  });

  it("edits side by side: English read-only beside Arabic fields written right to left, the admin left to right", async () => {
    const page = await html(`/admin/translations/ar/product/${red}`);
    expect(page).toMatch(/<html lang="en"(?! dir="rtl")/);
    expect(page).toContain(`data-testid="english-description">${DESCRIPTION}<`);
    expect(control(page, "t:description")).toMatch(/^<textarea[^>]* lang="ar" dir="rtl"/);
    expect(control(page, "t:name")).toMatch(/^<input[^>]* lang="ar" dir="rtl"/);
    // Every specification's name is offered, a Yes/No row's too; its value is the interface's Yes or No.
    const specs = await html(`/admin/translations/ar/product/${white}`);
    expect(control(specs, "t:spec:Size:name")).not.toBe("");
    expect(control(specs, "t:spec:Size:value")).not.toBe("");
    expect(control(specs, "t:spec:Organic:name")).not.toBe("");
    expect(control(specs, "t:spec:Organic:value")).toBe("");
    const bengali = await html(`/admin/translations/bn/product/${red}`);
    expect(control(bengali, "t:name")).toMatch(/^<input[^>]* lang="bn" dir="ltr"/);
    expect((await app.request(`/admin/translations/fr/product/${red}`, { cookie })).status).toBe(404);
    expect((await app.request(`/admin/translations/ar/product/no-such-id`, { cookie })).status).toBe(404);
  });

  it("saves one language only, drops the product's pages, and the cell turns done", async () => {
    const response = await save("ar", "product", red, {
      name: "بصل أحمر",
      slug: "بصل-أحمر",
      description: "بصل أحمر لاذع من ناشيك، مصنف حسب الحجم.",
    });
    expect(response.status).toBe(302);
    const saved = await rows();
    expect(saved.map((row) => [row.lang, row.field, row.value])).toEqual([
      ["ar", "description", "بصل أحمر لاذع من ناشيك، مصنف حسب الحجم."],
      ["ar", "name", "بصل أحمر"],
      ["ar", "slug", "بصل-أحمر"],
    ]);
    expect(saved.every((row) => row.scope === onions)).toBe(true);
    expect(saved.find((row) => row.field === "description")?.source_hash).toBe(sourceHash(DESCRIPTION));
    expect((await lastChange())?.split(" ")).toEqual(
      expect.arrayContaining([`product:${red}`, `products-in:${onions}`]),
    );
    const page = await html("/admin/translations");
    expect(cellStatus(page, "product", red, "ar")).toBe("done");
    expect(cellStatus(page, "product", red, "bn")).toBe("missing");
  });

  it("turns the translation outdated when the English text is edited, until it is corrected or marked checked", async () => {
    await t.db
      .updateTable("products")
      .set({ description: `${DESCRIPTION} Now also 55 mm and up.` })
      .where("id", "=", red)
      .execute();
    expect(cellStatus(await html("/admin/translations?status=outdated"), "product", red, "ar")).toBe("outdated");
    const editor = await html(`/admin/translations/ar/product/${red}`);
    expect(editor).toContain('name="r:description"');
    // Saving the form untouched keeps it outdated: nobody said it is still right.
    const untouched = await save("ar", "product", red, {
      name: "بصل أحمر",
      description: "بصل أحمر لاذع من ناشيك، مصنف حسب الحجم.",
    });
    expect(untouched.status).toBe(302);
    expect(cellStatus(await html("/admin/translations"), "product", red, "ar")).toBe("outdated");
    const checked = await save(
      "ar",
      "product",
      red,
      { description: "بصل أحمر لاذع من ناشيك، مصنف حسب الحجم." },
      { "r:description": "on" },
    );
    expect(checked.status).toBe(302);
    expect(cellStatus(await html("/admin/translations"), "product", red, "ar")).toBe("done");
  });

  it("refuses a slug with other characters, or one another product of the category uses, with a clear message", async () => {
    const before = await rows();
    const spaces = await save("ar", "product", white, { name: "بصل أبيض", slug: "بصل/أبيض" });
    expect(spaces.status).toBe(400);
    expect(await spaces.text()).toContain("A slug may hold only lowercase letters, digits and single hyphens");
    const taken = await save("ar", "product", white, { name: "بصل أبيض", slug: "بصل-أحمر" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("is already used by another product in this language and category");
    // Another product's English slug still answers under /ar: it is taken too.
    const english = await save("ar", "product", white, { slug: "red-onion" });
    expect(english.status).toBe(400);
    expect(await rows()).toEqual(before);
    // The same slug in Bengali, or in another category, is free.
    expect((await save("bn", "product", white, { slug: "বাল্ব" })).status).toBe(302);
    expect((await save("bn", "product", red, { slug: "বাল্ব" })).status).toBe(400);
  });

  it("edits a home page text, whose id holds a slash, and drops the home page only", async () => {
    const page = await html("/admin/translations?kind=page_content");
    const id = /data-testid="translation-row-page_content\/(home\/[^"]+)"/.exec(page)?.[1];
    expect(id).toBeTruthy();
    const response = await save("ar", "page_content", id!, { content: "نص الصفحة الرئيسية" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/translations/ar/page_content/${id}`);
    expect(await lastChange()).toBe("page:home");
    const saved = await t.db
      .selectFrom("content_translations")
      .select(["value", "scope"])
      .where("entity", "=", "page_content")
      .where("entity_id", "=", id!)
      .execute();
    expect(saved).toEqual([{ value: "نص الصفحة الرئيسية", scope: "" }]);
  });

  it("deletes a translation whose field is emptied: the page falls back to English", async () => {
    await save("bn", "product", white, { name: "সাদা পেঁয়াজ" });
    expect((await rows()).some((row) => row.lang === "bn" && row.field === "name")).toBe(true);
    expect((await save("bn", "product", white, { name: "" })).status).toBe(302);
    expect((await rows()).some((row) => row.lang === "bn" && row.field === "name" && row.entity_id === white)).toBe(
      false,
    );
  });
});

describe(`export and re-import on ${engineName}`, () => {
  const previewOf = async (file: File) => {
    const response = await app.request("/admin/translations/import", {
      cookie,
      multipart: multipart({ intent: "preview", file }),
    });
    const page = await response.text();
    return { status: response.status, page, summary: /data-testid="import-summary">([^<]*)</.exec(page)?.[1] };
  };
  const exported = async (query: string) => {
    const response = await app.request(`/admin/translations/export?${query}`, { cookie });
    expect(response.status).toBe(200);
    return { type: response.headers.get("Content-Type"), text: await response.text() };
  };

  it("exports Arabic's missing and outdated fields as XLIFF 2.0 and CSV, not the done ones", async () => {
    const xliff = await exported("lang=ar&format=xliff");
    expect(xliff.type).toBe("application/xliff+xml; charset=utf-8");
    expect(xliff.text).toContain(
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ar">',
    );
    expect(xliff.text).toContain(`<unit id="product/${white}/name">`);
    expect(xliff.text).not.toContain(`<unit id="product/${red}/name">`);
    const csv = await exported("lang=ar&format=csv&kind=category");
    // (The byte order mark that tells a spreadsheet the file is UTF-8 is taken off by text().)
    expect(csv.text.split("\r\n")[0]).toBe("id,language,status,item,english,translation");
    expect(csv.text).toContain(`category/${onions}/name,ar,missing,Onions,Onions,`);
    expect((await app.request("/admin/translations/export?lang=fr", { cookie })).status).toBe(400);
  });

  it("re-imports an exported file unchanged without changing anything, in either format", async () => {
    // An outdated translation, so the file carries a target that equals what is stored.
    await t.db.updateTable("products").set({ name: "Red Onions" }).where("id", "=", red).execute();
    for (const format of ["xliff", "csv"]) {
      const before = await rows();
      const { text } = await exported(`lang=ar&format=${format}`);
      expect(text).toContain(`product/${red}/name`);
      const preview = await previewOf(new File([text], `ar.${format === "csv" ? "csv" : "xlf"}`));
      expect(preview.status).toBe(200);
      expect(preview.summary).toMatch(/^0 fields will change\. \d+ unchanged\.$/);
      expect(preview.page).toContain("Nothing to import: the file changes nothing.");
      // Sent anyway, the import writes nothing either.
      const response = await app.request("/admin/translations/import", {
        cookie,
        multipart: multipart({ intent: "import", content: text, format, change: "0" }),
      });
      expect(response.status).toBe(302);
      expect(await rows()).toEqual(before);
    }
  });

  it("previews the counts first ('1 field will change, 1 refused: unknown id'), then imports", async () => {
    const { text } = await exported("lang=bn&format=xliff&kind=category");
    const filled = text
      .replace(
        new RegExp(`(<unit id="category/${garlic}/name">[\\s\\S]*?<source>Garlic</source>)`),
        "$1\n        <target>রসুন</target>",
      )
      .replace(
        "</file>",
        `<unit id="product/gone/name"><segment><source>Gone</source><target>চলে গেছে</target></segment></unit></file>`,
      );
    const before = await rows();
    const preview = await previewOf(new File([filled], "bn.xlf"));
    expect(preview.summary).toMatch(/^1 field will change, 1 refused: unknown id\. \d+ unchanged\.$/);
    expect(await rows()).toEqual(before);
    const response = await app.request("/admin/translations/import", {
      cookie,
      multipart: multipart({ intent: "import", content: filled, format: "xliff", change: "1" }),
    });
    expect(response.status).toBe(302);
    const added = (await rows()).filter(
      (row) =>
        !before.some((old) => old.entity_id === row.entity_id && old.field === row.field && old.lang === row.lang),
    );
    expect(added.map((row) => [row.entity, row.entity_id, row.lang, row.field, row.value])).toEqual([
      ["category", garlic, "bn", "name", "রসুন"],
    ]);
    expect((await lastChange())?.split(" ")).toContain(`category:${garlic}`);
    // The same file again: its one change is now stored.
    expect((await previewOf(new File([filled], "bn.xlf"))).summary).toMatch(/^0 fields will change, 1 refused/);
  });

  it("refuses a translation made from English that changed since the export, and a stale preview", async () => {
    const { text } = await exported("lang=bn&format=xliff&kind=category");
    const filled = text.replace(
      new RegExp(`(<unit id="category/${onions}/name">[\\s\\S]*?<source>Onions</source>)`),
      "$1<target>পেঁয়াজ</target>",
    );
    await t.db.updateTable("product_categories").set({ name: "Onion" }).where("id", "=", onions).execute();
    expect((await previewOf(new File([filled], "bn.xlf"))).summary).toMatch(
      /^0 fields will change, 1 refused: English changed since the export\./,
    );
    await t.db.updateTable("product_categories").set({ name: "Onions" }).where("id", "=", onions).execute();
    const stale = await app.request("/admin/translations/import", {
      cookie,
      multipart: multipart({ intent: "import", content: filled, format: "xliff", change: "2" }),
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("changed since the preview, so nothing was imported");
  });

  it("refuses hostile and oversized files with a message, writing nothing", async () => {
    const before = await rows();
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><xliff version="2.0" trgLang="ar"><file id="f"><unit id="x"><segment><source>&b;</source></segment></unit></file></xliff>`;
    const refused = await previewOf(new File([bomb], "bomb.xlf"));
    expect(refused.status).toBe(400);
    expect(refused.page).toContain("document type declarations and entity declarations are not accepted");
    const huge = await previewOf(new File(["x".repeat(2 * 1024 * 1024 + 1)], "huge.csv"));
    expect(huge.status).toBe(413);
    expect(huge.page).toContain("The file is larger than 2 MB.");
    const french = await previewOf(new File(['<xliff version="2.0" trgLang="fr"><file id="f"/></xliff>'], "fr.xlf"));
    expect(french.page).toContain("The file is for French, which is not enabled on this site.");
    expect(await rows()).toEqual(before);
  });
});

describe(`who may use the Translations screen on ${engineName}`, () => {
  const PATHS = () => [
    "/admin/translations",
    "/admin/translations/export?lang=ar&format=csv",
    "/admin/translations/import",
    `/admin/translations/ar/product/${red}`,
  ];

  it("answers a changed Arabic slug's old address with 301 to the new one, in Arabic only", async () => {
    expect((await save("ar", "product", white, { name: "بصل أبيض", slug: "بصل-أبيض" })).status).toBe(302);
    expect((await save("ar", "product", white, { name: "بصل أبيض", slug: "بصل-أبيض-ناشيك" })).status).toBe(302);
    const old = await app.request(`/ar/products/onions/${encodeURIComponent("بصل-أبيض")}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/ar/products/onions/${encodeURIComponent("بصل-أبيض-ناشيك")}`);
    // The English address is the English one still, and the English slug under /ar goes to the Arabic one.
    expect((await app.request("/products/onions/white-onion")).status).toBe(200);
    const english = await app.request("/ar/products/onions/white-onion");
    expect(english.status).toBe(301);
    expect(english.headers.get("location")).toBe(`/ar/products/onions/${encodeURIComponent("بصل-أبيض-ناشيك")}`);
  });

  it("moves a product's translations with it to another category, dropping a slug the category has in that language", async () => {
    const taken = await insertProduct(t.db, { name: "Garlic Cloves", slug: "garlic-cloves", category_id: garlic });
    expect((await save("ar", "product", taken, { name: "ثوم", slug: "بصل-أبيض-ناشيك" })).status).toBe(302);
    await t.db.transaction().execute((trx) => moveProductTranslations(trx, white, garlic));
    const moved = await t.db
      .selectFrom("content_translations")
      .select(["field", "scope"])
      .where("entity", "=", "product")
      .where("entity_id", "=", white)
      .where("lang", "=", "ar")
      .orderBy("field")
      .execute();
    // Its Arabic slug is the other product's there: gone (its English slug answers); the rest follows it.
    expect(moved).toEqual([{ field: "name", scope: garlic }]);
    await t.db.transaction().execute((trx) => moveProductTranslations(trx, white, onions));
  });

  it("sends anonymous visitors to the login and refuses signed-in non-admins, reading and writing, changing nothing", async () => {
    const before = await rows();
    const user = await signedInAs(t.db, "user");
    for (const path of PATHS()) {
      for (const method of ["GET", "POST"]) {
        const form = method === "POST" ? { "t:name": "Injected", intent: "import" } : undefined;
        const anonymous = await app.request(path, { method, form });
        expect(anonymous.status, `${method} ${path}`).toBe(302);
        expect(anonymous.headers.get("Location"), `${method} ${path}`).toMatch(/^\/admin\/login\?redirectTo=/);
        const { createSession } = await import("~/features/auth/session.server");
        const signedIn = await app.request(path, {
          method,
          form,
          cookie: `session=${await createSession(t.db, user.userId)}`,
        });
        expect(signedIn.status, `${method} ${path}`).toBe(302);
        expect(signedIn.headers.get("Location"), `${method} ${path}`).toBe("/admin/login?denied=1");
      }
    }
    expect(await rows()).toEqual(before);
  });

  it("lets an administrator in", async () => {
    for (const path of PATHS()) expect((await app.request(path, { cookie })).status, path).toBe(200);
  });

  it("says so, with a link, when no language is enabled", async () => {
    await t.db.updateTable("languages").set({ enabled: 0 }).execute();
    const page = await html("/admin/translations");
    expect(page).toContain("No language besides English is enabled yet");
    expect(page).toContain('href="/admin/languages"');
    await t.db.updateTable("languages").set({ enabled: 1 }).execute();
  });
});
