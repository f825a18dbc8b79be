import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VARIANT_WIDTHS, variantPath } from "~/features/images/images.server";
import { objectPathFromUrl } from "~/lib/storage/storage.server";
import { newId } from "~/lib/time";
import { insertCertificate, insertGalleryItem, insertPost, insertSetting } from "../support/builders";
import { jpegFile, multipart } from "../support/images";
import { createAdminTestApp, createTestApp, ORIGIN } from "../support/test-app";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { pruneAllVersions } from "../support/versions";

// A stored picture may be referenced from several rows (the CSV import takes any URL, the settings take the logo's
// URL): it is removed with the last row that uses it, never with the first.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let categoryId: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  categoryId = await insertCategory(t.db, { name: "Onions", slug: "onions" });
});
afterAll(() => t.cleanup());

const post = (path: string, fields: Record<string, string | File>) =>
  app.request(path, { multipart: multipart(fields), cookie });
/** The HTTP status of the stored picture and of its smallest WebP copy, as a visitor would get them. */
const served = async (url: string) => {
  const objectPath = objectPathFromUrl(url)!;
  return [
    (await app.request(app.storage.publicUrl(objectPath))).status,
    (await app.request(app.storage.publicUrl(variantPath(objectPath, VARIANT_WIDTHS[0])))).status,
  ];
};
/** The same file as an absolute URL, the way a CSV file exported elsewhere would carry it. */
const absolute = (url: string) => `${ORIGIN}${url}`;

async function addProduct(fields: { image_url?: string | null; gallery_images?: string[] }) {
  const id = newId();
  await insertProduct(t.db, {
    id,
    name: `Product ${id.slice(0, 6)}`,
    slug: `product-${id.slice(0, 8).toLowerCase()}`,
    category_id: categoryId,
    image_url: fields.image_url ?? null,
    gallery_images: JSON.stringify(fields.gallery_images ?? []),
  });
  return id;
}
const deleteProduct = (id: string) => app.request("/admin/manage-products", { form: { intent: "delete", id }, cookie });

describe(`pictures shared between rows on ${engineName}`, () => {
  it("a product and a certificate share a picture: deleting the product keeps it, deleting the certificate too removes it", async () => {
    expect(
      (
        await post("/admin/edit-pages/certificates", {
          intent: "save",
          name: "APEDA",
          authority: "",
          description: "",
          sort_order: "",
          image: await jpegFile("apeda.jpg"),
        })
      ).status,
    ).toBe(302);
    const certificate = (await t.db
      .selectFrom("certificates")
      .selectAll()
      .where("name", "=", "APEDA")
      .executeTakeFirst())!;
    const productId = await addProduct({ image_url: absolute(certificate.image_url!) });

    expect((await deleteProduct(productId)).status).toBe(302);
    expect(await served(certificate.image_url!)).toEqual([200, 200]);

    await post("/admin/edit-pages/certificates", { intent: "delete", id: certificate.id });
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect(await served(certificate.image_url!)).toEqual([404, 404]);
  });

  it("and the other way round: deleting the certificate keeps the product's picture", async () => {
    await post("/admin/edit-pages/certificates", {
      intent: "save",
      name: "FSSAI",
      authority: "",
      description: "",
      sort_order: "",
      image: await jpegFile("fssai.jpg"),
    });
    const certificate = (await t.db
      .selectFrom("certificates")
      .selectAll()
      .where("name", "=", "FSSAI")
      .executeTakeFirst())!;
    const productId = await addProduct({
      gallery_images: ["https://cdn.example.com/other.jpg", certificate.image_url!],
    });

    await post("/admin/edit-pages/certificates", { intent: "delete", id: certificate.id });
    expect(await served(certificate.image_url!)).toEqual([200, 200]);
    await deleteProduct(productId);
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect(await served(certificate.image_url!)).toEqual([404, 404]);
  });

  it("a category and a gallery item share a picture: it goes with the second of them", async () => {
    expect(
      (
        await post("/admin/manage-categories/add", {
          name: "Garlic",
          slug: "garlic",
          description: "",
          image: await jpegFile("garlic.jpg"),
        })
      ).status,
    ).toBe(302);
    const category = (await t.db
      .selectFrom("product_categories")
      .selectAll()
      .where("slug", "=", "garlic")
      .executeTakeFirst())!;
    const itemId = await insertGalleryItem(t.db, { title: "Garlic", image_url: category.image_url! });

    expect(
      (await app.request("/admin/manage-categories", { form: { intent: "delete", id: category.id }, cookie })).status,
    ).toBe(302);
    expect(await served(category.image_url!)).toEqual([200, 200]);
    await post("/admin/edit-pages/gallery", { intent: "delete", id: itemId });
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect(await served(category.image_url!)).toEqual([404, 404]);
  });

  it("a home-page picture also used by a product, a blog post and the logo goes only when the last of them lets it go", async () => {
    expect((await post("/admin/edit-pages/home", { hero_image_url: await jpegFile("hero.jpg") })).status).toBe(302);
    const hero = (await t.db
      .selectFrom("page_content")
      .select("content")
      .where("page_slug", "=", "home")
      .where("section_slug", "=", "hero_image_url")
      .executeTakeFirst())!.content;
    const productId = await addProduct({ image_url: hero });
    const postId = await insertPost(t.db, {
      title: "Harvest",
      slug: "harvest",
      content: "Text",
      author_name: "Ravi",
      featured_image_url: hero,
      status: "draft",
    });
    await insertSetting(t.db, "header_logo_url", absolute(hero));

    // The editor's staged removal, a product deleted, a post deleted: the logo still shows it.
    await post("/admin/edit-pages/home", { hero_image_url_remove: "1" });
    await deleteProduct(productId);
    await app.request("/admin/manage-blog", { form: { intent: "delete", id: postId }, cookie });
    expect(await served(hero)).toEqual([200, 200]);

    await t.db
      .updateTable("site_settings")
      .set({ setting_value: "" })
      .where("setting_key", "=", "header_logo_url")
      .execute();
    const again = await addProduct({ image_url: hero });
    await deleteProduct(again);
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect(await served(hero)).toEqual([404, 404]);
  });

  it("compares whole paths: a longer name or a LIKE wildcard in a name does not keep a picture alive", async () => {
    // `_` is LIKE's one-character wildcard, so an unescaped search for …/cert_1.jpg would also find …/certX1.jpg.
    const objectPath = "public/certificates/cert_1.jpg";
    const { publicUrl } = await app.storage.put(
      objectPath,
      new Uint8Array(await (await jpegFile("c.jpg")).arrayBuffer()),
      "image/jpeg",
    );
    const certificateId = await insertCertificate(t.db, { name: "MSME", image_url: publicUrl, sort_order: 9 });
    const others = [
      await addProduct({ image_url: publicUrl.replace("cert_1", "certX1") }),
      await addProduct({ image_url: `${publicUrl}2` }),
      await addProduct({ image_url: publicUrl.toUpperCase() }),
    ];

    await post("/admin/edit-pages/certificates", { intent: "delete", id: certificateId });
    expect((await app.request(publicUrl)).status).toBe(404);
    for (const id of others) await deleteProduct(id);
  });
});
