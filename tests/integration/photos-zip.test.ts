import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_A_ZIP, TOO_MANY_FILES, UNSAFE_NAME, MAX_ZIP_ENTRIES } from "~/features/catalogue/photos/zip.server";
import { UNSUPPORTED_IMAGE } from "~/features/images/upload.server";
import { visibleText } from "../support/page-text";
import { createAdminTestApp, type createTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { pictureBytes, renamedInZip, zipOf } from "../support/zips";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
const UPLOAD_MAX = 1024 * 1024;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp({ uploadMaxBytes: UPLOAD_MAX, zipMaxBytes: 4 * 1024 * 1024 }));
  const onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  const spices = await insertCategory(t.db, { name: "Spices", slug: "spices" });
  await insertProduct(t.db, { name: "Nashik Red Onion", slug: "nashik-red-onion", category_id: onions });
  await insertProduct(t.db, { name: "White Onion", slug: "white-onion", category_id: onions });
  await insertProduct(t.db, { name: "Cumin Seeds", slug: "cumin-seeds", category_id: spices });
});
afterAll(() => t.cleanup());

const IMPORT = "/admin/manage-products/import-photos";

const upload = (zip: Uint8Array<ArrayBuffer>, as = cookie, name = "photos.zip") => {
  const form = new FormData();
  form.append("zip", new File([zip], name, { type: "application/zip" }));
  return app.request(IMPORT, { multipart: form, cookie: as });
};

/** Uploads a ZIP and waits for its job to finish checking; returns the job's id and its page. */
async function checked(zip: Uint8Array<ArrayBuffer>) {
  const response = await upload(zip);
  expect(response.status).toBe(303);
  const jobId = response.headers.get("Location")!.split("/").pop()!;
  for (let i = 0; i < 200; i++) {
    const job = await t.db.selectFrom("photo_import_jobs").selectAll().where("id", "=", jobId).executeTakeFirst();
    if (job && job.state !== "processing") break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const page = visibleText(await (await app.request(`${IMPORT}/${jobId}`, { cookie })).text());
  return { jobId, page };
}

const product = (slug: string) =>
  t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
const storedFiles = () => {
  const dir = path.join(t.dataDir, "storage");
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))).length
    : 0;
};

describe(`Photos in a ZIP on ${engineName}`, () => {
  let photos: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    photos = await zipOf([
      ["Export Photos/Nashik-Red-Onion.JPG", await pictureBytes("jpeg", "#aa2233")],
      ["Export Photos/nashik-red-onion-3.webp", await pictureBytes("webp", "#22aa33")],
      ["Export Photos/nashik-red-onion-2.png", await pictureBytes("png", "#2233aa")],
      ["white-onion.jpeg", await pictureBytes("jpeg", "#eeeeee")],
      ["kashmiri-chilli.jpg", await pictureBytes("jpeg", "#ff0000")],
      ["notes.txt", "not a picture"],
      ["__MACOSX/._white-onion.jpeg", "resource fork"],
    ]);
  });

  it("previews each product with its pictures, the files that match nothing and the products left without one", async () => {
    const before = storedFiles();
    const { jobId, page } = await checked(photos);
    expect(page).toContain("Pictures for 2 products (4 pictures)");
    expect(page).toContain("Nashik Red Onion");
    expect(page).toContain("Gallery 3");
    expect(page).toContain("Files that match nothing (2)");
    expect(page).toContain("kashmiri-chilli.jpg — No product has this name or slug");
    expect(page).toContain("notes.txt — Not a .jpg, .jpeg, .png or .webp file");
    expect(page).not.toContain("__MACOSX");
    expect(page).toContain("Products still without a picture (1)");
    expect(page).toContain("Cumin Seeds");
    // Checked and stored, but nothing on the catalogue changed yet.
    expect((await product("nashik-red-onion")).image_url).toBeNull();
    expect(await t.db.selectFrom("media").select("id").execute()).toHaveLength(4);
    expect(storedFiles()).toBeGreaterThan(before);
    // The ZIP is gone from disk once its job is done.
    expect(fs.readdirSync(path.join(t.dataDir, "photo-imports"))).toEqual([]);

    const imported = await app.request(`${IMPORT}/${jobId}`, { form: { intent: "import" }, cookie });
    expect(imported.status).toBe(302);
    const onion = await product("nashik-red-onion");
    expect(onion.image_url).toMatch(/^\/media\/application-assets\/products\/nashik-red-onion-\w{8}\.jpg$/);
    const gallery = JSON.parse(onion.gallery_images) as string[];
    expect(gallery).toHaveLength(2);
    expect(gallery[0]).toMatch(/\.png$/);
    expect(gallery[1]).toMatch(/\.webp$/);
    expect((await product("white-onion")).image_url).toMatch(/\.jpg$/);
    const activity = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("entity_label", "=", "Product photos (ZIP)")
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0].summary).toContain("2 products updated");
    // A second Import of the same job changes nothing.
    await app.request(`${IMPORT}/${jobId}`, { form: { intent: "import" }, cookie });
    expect(
      await t.db.selectFrom("activity").select("id").where("entity_label", "=", "Product photos (ZIP)").execute(),
    ).toHaveLength(1);
    // The public card shows the picture.
    const card = await (await app.request("/products/onions")).text();
    expect(card).toContain(onion.image_url!);
  });

  it("stores identical pictures once: the same ZIP again adds no files and changes no product", async () => {
    const files = storedFiles();
    const media = (await t.db.selectFrom("media").select("id").execute()).length;
    const onion = await product("nashik-red-onion");
    const { jobId, page } = await checked(photos);
    expect(page).toContain("Pictures for 2 products (4 pictures)");
    expect(storedFiles()).toBe(files);
    expect(await t.db.selectFrom("media").select("id").execute()).toHaveLength(media);
    await app.request(`${IMPORT}/${jobId}`, { form: { intent: "import" }, cookie });
    const after = await product("nashik-red-onion");
    expect(after.image_url).toBe(onion.image_url);
    expect(after.gallery_images).toBe(onion.gallery_images);
  });

  it("refuses a picture that is not one, and goes on with the rest", async () => {
    const zip = await zipOf([
      ["cumin-seeds.jpg", "MZ this is a program, not a picture"],
      ["white-onion-2.jpg", await pictureBytes("jpeg", "#123456")],
    ]);
    const { jobId, page } = await checked(zip);
    expect(page).toContain("Files refused (1)");
    expect(page).toContain(`cumin-seeds.jpg — ${UNSUPPORTED_IMAGE}`);
    expect(page).toContain("Pictures for 1 products (1 pictures)");
    await app.request(`${IMPORT}/${jobId}`, { form: { intent: "import" }, cookie });
    expect((await product("cumin-seeds")).image_url).toBeNull();
    expect(JSON.parse((await product("white-onion")).gallery_images)).toHaveLength(1);
  });

  it("refuses a ZIP with a path that leaves its folder, or starts at the root, and keeps nothing of it", async () => {
    const picture = await pictureBytes("jpeg", "#654321");
    for (const [safe, hostile] of [
      ["aa/aa/white-onion.jpg", "../../white-onion.jpg"],
      ["awhite-onion.jpg", "/white-onion.jpg"],
    ]) {
      const zip = renamedInZip(await zipOf([[safe, picture]]), safe, hostile);
      const media = (await t.db.selectFrom("media").select("id").execute()).length;
      const response = await upload(zip);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(UNSAFE_NAME.slice(0, 40));
      expect(await t.db.selectFrom("media").select("id").execute()).toHaveLength(media);
      expect(fs.existsSync(path.join(t.dataDir, "white-onion.jpg"))).toBe(false);
      expect(fs.readdirSync(path.join(t.dataDir, "photo-imports"))).toEqual([]);
    }
  });

  it("refuses a zip bomb by what it really unpacks to, and too many files", async () => {
    // 20 MB of zeros packs into a few KB; each picture may unpack to UPLOAD_MAX at most.
    const bomb = await zipOf([["white-onion.jpg", new Uint8Array(20 * 1024 * 1024)]], { compress: true });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const { page } = await checked(bomb);
    expect(page).toContain("Files refused (1)");
    expect(page).toContain("white-onion.jpg — The image is larger than the 1 MB limit.");

    // A header that lies about the size: read up to the limit, then cut off.
    const liar = Buffer.from(await zipOf([["cumin-seeds.jpg", new Uint8Array(2 * UPLOAD_MAX)]], { compress: true }));
    // Central directory and local header both claim 1,000 bytes unpacked.
    const claimed = 2 * UPLOAD_MAX;
    for (let at = 0; at < liar.length - 4; at++) if (liar.readUInt32LE(at) === claimed) liar.writeUInt32LE(1000, at);
    const lied = await checked(new Uint8Array(liar));
    expect(lied.page).toContain("Files refused (1)");
    expect((await product("cumin-seeds")).image_url).toBeNull();

    const many = await zipOf(
      Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => [`f${i}.txt`, ""] as [string, string]),
    );
    const response = await upload(many);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(TOO_MANY_FILES.slice(0, 30));
  });

  it("refuses a file that is not a ZIP, and one over the limit", async () => {
    const response = await upload(new Uint8Array(Buffer.from("just text")), cookie, "photos.zip");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(NOT_A_ZIP);
    const big = await zipOf([["white-onion.jpg", new Uint8Array(5 * 1024 * 1024).fill(7)]]);
    const tooBig = await upload(big);
    expect(tooBig.status).toBe(413);
  });

  it("matches a photo by the product's name as well as its slug, case, spaces and underscores aside", async () => {
    // Seen (issue 41): "Turmeric Powder.jpg", named as the product is, matched nothing.
    const spices = (await t.db.selectFrom("product_categories").select("id").where("slug", "=", "spices").execute())[0];
    const turmeric = await insertProduct(t.db, {
      name: "Turmeric Powder",
      slug: "haldi-finger-ground",
      category_id: spices.id,
    });
    const zip = await zipOf([
      ["Turmeric Powder.jpg", await pictureBytes("jpeg", "#ddaa00")],
      ["turmeric_powder 2.png", await pictureBytes("png", "#cc9900")],
      ["CUMIN SEEDS.webp", await pictureBytes("webp", "#886633")],
    ]);
    const { page } = await checked(zip);
    expect(page).toContain("Pictures for 2 products (3 pictures)");
    expect(page).toContain("Turmeric Powder");
    expect(page).toContain("Cumin Seeds");
    expect(page).not.toContain("Files that match nothing");
    await t.db.deleteFrom("products").where("id", "=", turmeric).execute();
  });

  it("keeps photo imports to administrators", async () => {
    const anonymous = await app.request(IMPORT);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/admin/login");
    const user = await signedInAs(t.db, "user");
    const refused = await upload(await zipOf([["white-onion.jpg", await pictureBytes("jpeg")]]), user.cookie);
    expect([302, 403]).toContain(refused.status);
    const jobs = await t.db.selectFrom("photo_import_jobs").select("id").where("user_id", "=", user.userId).execute();
    expect(jobs).toHaveLength(0);
    // Another administrator's job is not found.
    const other = await signedInAs(t.db, "admin");
    const { jobId } = await checked(await zipOf([["notes.txt", "x"]]));
    expect((await app.request(`${IMPORT}/${jobId}`, { cookie: other.cookie })).status).toBe(404);
  });
});
