import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeUploadedImage } from "~/features/images/upload.server";
import { objectPathFromUrl } from "~/lib/storage/storage.server";
import { jpegFile, textFile } from "../support/images";
import { createAdminTestApp, createTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { enableLanguages } from "../support/translations";

/**
 * The Media Library (issue 29): every stored picture with where it is used; 'Upload Pictures' many at once, each
 * checked as any upload and stored once; 'Alt Text' used on the public pages and in the JSON-LD; a picture given to
 * a product as a save of it; and only a picture nothing uses (no page, item, setting or kept version) deleted.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let productId: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  const onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  productId = await insertProduct(t.db, { name: "Nashik Red Onion", slug: "nashik-red-onion", category_id: onions });
});
afterAll(() => t.cleanup());

interface Outcome {
  file: string;
  result: "stored" | "known" | "refused";
  message?: string;
}

const upload = async (files: File[], as = cookie) => {
  const form = new FormData();
  for (const file of files) form.append("pictures", file);
  return app.request("/admin/media/upload", { multipart: form, cookie: as });
};
const form = (fields: Record<string, string>, as = cookie, path = "/admin/media") =>
  app.request(path, { form: fields, cookie: as });
const library = () => t.db.selectFrom("media").selectAll().orderBy("created_at").execute();
const mediaId = async (name: string) => {
  const rows = await library();
  return rows.find((row) => row.storage_key.includes(name))!;
};
const page = async (path = "/admin/media") => {
  const response = await app.request(path, { cookie });
  expect(response.status, path).toBe(200);
  return response.text();
};
/** Saves the Arabic translation of a picture's Alt Text through the Translations screen's editor. */
const translateAlt = async (id: string, text: string) => {
  const editor = await page(`/admin/translations/ar/media/${id}`);
  const fields: Record<string, string> = { "t:alt_text": text };
  for (const [, name, hash] of editor.matchAll(/name="h:([^"]+)" value="([^"]+)"/g)) fields[`h:${name}`] = hash;
  return form(fields, cookie, `/admin/translations/ar/media/${id}`);
};
const stored = (key: string) => fs.existsSync(app.storage.resolve(key)!);
const product = () => t.db.selectFrom("products").selectAll().where("id", "=", productId).executeTakeFirstOrThrow();

describe(`the Media Library on ${engineName}`, () => {
  it("is for administrators only: anonymous visitors sign in, a signed-in non-administrator is turned away", async () => {
    // A non-administrator is signed out on the first refusal: each request comes from a fresh session.
    const user = async () => (await signedInAs(t.db, "user")).cookie;
    for (const signedIn of [false, true]) {
      for (const response of [
        await app.request("/admin/media", { cookie: signedIn ? await user() : "" }),
        await form({ intent: "delete", id: "x" }, signedIn ? await user() : ""),
        await upload([await jpegFile("sneaky.jpg")], signedIn ? await user() : ""),
      ]) {
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toMatch(
          signedIn ? "/admin/login?denied=1" : /^\/admin\/login\?redirectTo=/,
        );
      }
    }
    expect(await library()).toEqual([]);
  });

  it("uploads many pictures at once, each checked; the same picture sent again is stored once", async () => {
    const red = await jpegFile("Red Onions.jpg", 640, "#a02040");
    const white = await jpegFile("white-onions.jpg", 640, "#f0f0e0");
    const first = await upload([red, white, textFile("notes.png", "not a picture")]);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { outcomes: Outcome[] };
    expect(answer.outcomes.map((o) => [o.file, o.result])).toEqual([
      ["Red Onions.jpg", "stored"],
      ["white-onions.jpg", "stored"],
      ["notes.png", "refused"],
    ]);
    expect(answer.outcomes[2].message).toBe("Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.");
    const again = (await (await upload([red])).json()) as { outcomes: Outcome[] };
    expect(again.outcomes).toEqual([{ file: "Red Onions.jpg", result: "known" }]);
    const rows = await library();
    expect(rows.length).toBe(2);
    expect(rows[0].storage_key).toMatch(/^public\/library\/red-onions-\w{8}\.jpg$/);
    for (const row of rows) expect(stored(row.storage_key)).toBe(true);

    // Without JavaScript the form posts here, and the answer is a page with a toast.
    const plain = new FormData();
    plain.append("intent", "upload");
    plain.append("pictures", await jpegFile("graded.jpg", 500, "#806040"));
    const sent = await app.request("/admin/media", { multipart: plain, cookie });
    expect(sent.status).toBe(302);
    expect(await library()).toHaveLength(3);
    const none = new FormData();
    none.append("intent", "upload");
    const empty = await app.request("/admin/media", { multipart: none, cookie });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Choose one or more pictures to upload.");
  });

  it("shows each picture's size and uses, registers pictures uploaded one by one, and lists the unused ones", async () => {
    const red = await mediaId("red-onions");
    // The main picture set on the product's own page (uploaded there, never through the library).
    const direct = await storeUploadedImage(app.storage, await jpegFile("direct.jpg", 700, "#204080"), {
      folder: "products/nashik-red-onion",
      prefix: "product",
      maxBytes: 10 * 1024 * 1024,
    });
    await t.db
      .updateTable("products")
      .set({
        image_url: direct.publicUrl,
        gallery_images: JSON.stringify([app.storage.publicUrl(red.storage_key)]),
      })
      .where("id", "=", productId)
      .execute();
    const html = await page();
    expect(html).toContain("<title>Media Library</title>");
    expect(html).toContain("Upload Pictures");
    expect(html).toContain("All pictures (4)");
    expect(html).toContain("Nashik Red Onion (main picture)");
    expect(html).toContain("Nashik Red Onion (gallery)");
    expect(html).toContain("640×480 px");
    const registered = await t.db
      .selectFrom("media")
      .selectAll()
      .where("storage_key", "=", direct.path)
      .executeTakeFirstOrThrow();
    expect([registered.width, registered.height]).toEqual([700, 525]);

    const unused = await page("/admin/media?show=unused");
    expect(unused).toContain("Unused (2)");
    expect(unused).toContain("white-onions-");
    expect(unused).not.toContain(red.storage_key.split("/").pop());
  });

  it("keeps an 'Alt Text' that the product page and its JSON-LD use; a text too long is refused at its field", async () => {
    const red = await mediaId("red-onions");
    const direct = await t.db
      .selectFrom("media")
      .selectAll()
      .where("storage_key", "like", "products/%")
      .executeTakeFirstOrThrow();
    const saved = await form({
      intent: "alt",
      id: direct.id,
      alt_text: "  Red onions,   45 mm and up, in 25 kg mesh bags ",
    });
    expect(saved.status).toBe(302);
    const row = await t.db.selectFrom("media").select("alt_text").where("id", "=", direct.id).executeTakeFirstOrThrow();
    expect(row.alt_text).toBe("Red onions, 45 mm and up, in 25 kg mesh bags");
    const publicPage = await (await app.request("/products/onions/nashik-red-onion")).text();
    expect(publicPage).toContain('alt="Red onions, 45 mm and up, in 25 kg mesh bags"');
    expect(publicPage).toContain('"caption":"Red onions, 45 mm and up, in 25 kg mesh bags"');
    expect(publicPage).toContain('property="og:image:alt" content="Red onions, 45 mm and up, in 25 kg mesh bags"');

    // Alt texts are English: an Arabic page keeps describing the picture by the product's name.
    await enableLanguages(t.db, "ar");
    const arabic = await app.request("/ar/products/onions/nashik-red-onion");
    expect(arabic.status).toBe(200);
    const arabicPage = await arabic.text();
    expect(arabicPage).toContain('data-testid="main-image"');
    expect(arabicPage).not.toContain("Red onions, 45 mm and up");
    // Translated on the Translations screen ("Picture descriptions"), the Arabic page uses its translation.
    expect(await page("/admin/translations?kind=media")).toContain(`translation-row-media/${direct.id}`);
    expect((await translateAlt(direct.id, "بصل أحمر في أكياس شبكية 25 كغ")).status).toBe(302);
    const translated = await (await app.request("/ar/products/onions/nashik-red-onion")).text();
    expect(translated).toContain('alt="بصل أحمر في أكياس شبكية 25 كغ"');

    const tooLong = await form({ intent: "alt", id: red.id, alt_text: "x".repeat(251) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Alt Text must be at most 250 characters.");
    const unknown = await form({ intent: "alt", id: "no-such-picture", alt_text: "Onions" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("The picture is no longer in the library.");
  });

  it("assigns a picture to a product as its main or gallery picture, as a save with a version", async () => {
    const white = await mediaId("white-onions");
    const graded = await mediaId("graded");
    const before = (await product()).image_url;
    expect((await form({ intent: "assign", id: white.id, product_id: productId, role: "main" })).status).toBe(302);
    expect((await form({ intent: "assign", id: graded.id, product_id: productId, role: "gallery" })).status).toBe(302);
    const after = await product();
    expect(after.image_url).toBe(app.storage.publicUrl(white.storage_key));
    expect(JSON.parse(after.gallery_images).at(-1)).toBe(app.storage.publicUrl(graded.storage_key));
    const versions = await t.db
      .selectFrom("versions")
      .select("snapshot")
      .where("entity", "=", "product")
      .where("entity_id", "=", productId)
      .orderBy("number")
      .execute();
    expect(versions.length).toBeGreaterThanOrEqual(2);
    expect(versions.at(-1)!.snapshot).toContain(white.storage_key);
    // The replaced main picture stays in the library.
    expect(stored(objectPathFromUrl(before)!)).toBe(true);

    const twice = await form({ intent: "assign", id: graded.id, product_id: productId, role: "gallery" });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("already has this picture as its gallery image");
    const noProduct = await form({ intent: "assign", id: graded.id, product_id: "", role: "main" });
    expect(noProduct.status).toBe(400);
    expect(await noProduct.text()).toContain("Choose a product.");
  });

  it("deletes only a picture nothing uses: never one in use, nor one a kept version needs", async () => {
    const white = await mediaId("white-onions");
    const inUse = await form({ intent: "delete", id: white.id });
    expect(inUse.status).toBe(409);
    expect(await inUse.text()).toContain("is still used");
    expect(stored(white.storage_key)).toBe(true);

    // Replaced as the main picture, it is on no product any more, but the product's earlier version holds it.
    const graded = await mediaId("graded");
    expect((await form({ intent: "assign", id: graded.id, product_id: productId, role: "main" })).status).toBe(302);
    const kept = await form({ intent: "delete", id: white.id });
    expect(kept.status).toBe(409);
    expect(stored(white.storage_key)).toBe(true);
    expect(await page()).toContain("A kept version of a product");

    const spare = (await (await upload([await jpegFile("spare.jpg", 300, "#00ff00")])).json()) as {
      outcomes: Outcome[];
    };
    expect(spare.outcomes[0].result).toBe("stored");
    const unused = await mediaId("spare");
    expect((await form({ intent: "alt", id: unused.id, alt_text: "Spare" })).status).toBe(302);
    expect((await translateAlt(unused.id, "احتياطي")).status).toBe(302);
    const deleted = await form({ intent: "delete", id: unused.id });
    expect(deleted.status).toBe(302);
    expect(stored(unused.storage_key)).toBe(false);
    expect(await t.db.selectFrom("media").select("id").where("id", "=", unused.id).executeTakeFirst()).toBeUndefined();
    const leftover = await t.db
      .selectFrom("content_translations")
      .select("value")
      .where("entity", "=", "media")
      .where("entity_id", "=", unused.id)
      .execute();
    expect(leftover).toEqual([]);
    const activity = await t.db
      .selectFrom("activity")
      .select("summary")
      .where("entity", "=", "media")
      .where("action", "=", "delete")
      .execute();
    expect(activity.map((a) => a.summary)).toEqual([`Deleted picture ${unused.storage_key.split("/").pop()}`]);
  });
});
