import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepPhotoImports } from "~/features/catalogue/photos/sweep.server";
import { STALE_AFTER_MS } from "~/features/catalogue/photos/job";
import { storePictureOnce } from "~/features/images/registry.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { visibleText } from "../support/page-text";
import { createAdminTestApp, type createTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { pictureBytes, zipOf } from "../support/zips";

// Issue 38: a picture is removed only when nothing refers to it, pending imports included; a job whose process
// died is found, marked failed and cleaned by whichever instance looks; ZIPs left behind are removed at start.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  const onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  await insertProduct(t.db, { name: "Red Onion", slug: "red-onion", category_id: onions });
  await insertProduct(t.db, { name: "Pink Onion", slug: "pink-onion", category_id: onions });
});
afterAll(() => t.cleanup());

const IMPORT = "/admin/manage-products/import-photos";

/** Uploads a ZIP as someone and waits for its job to finish checking; returns the job's id. */
async function checked(zip: Uint8Array<ArrayBuffer>, as: string) {
  const form = new FormData();
  form.append("zip", new File([zip], "photos.zip", { type: "application/zip" }));
  const response = await app.request(IMPORT, { multipart: form, cookie: as });
  expect(response.status).toBe(303);
  const jobId = response.headers.get("Location")!.split("/").pop()!;
  for (let i = 0; i < 200; i++) {
    const job = await t.db.selectFrom("photo_import_jobs").selectAll().where("id", "=", jobId).executeTakeFirst();
    if (job && job.state !== "processing") break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return jobId;
}

const product = (slug: string) =>
  t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
const served = async (url: string | null) => (await app.request(url!)).status;

describe(`Photo imports leave nothing behind and take nothing in use on ${engineName}`, () => {
  it("keeps the pictures a pending import uses when another import of them is cancelled", async () => {
    const zip = await zipOf([
      ["red-onion.jpg", await pictureBytes("jpeg", "#a01010")],
      ["red-onion-2.png", await pictureBytes("png", "#10a010")],
      ["pink-onion.webp", await pictureBytes("webp", "#f0a0b0")],
    ]);
    const other = await signedInAs(t.db, "admin");
    const first = await checked(zip, cookie);
    const second = await checked(zip, other.cookie);
    // The pictures were stored by the first job; the second found them by hash. Cancelling the first keeps them.
    await app.request(`${IMPORT}/${first}`, { form: { intent: "cancel" }, cookie });
    const imported = await app.request(`${IMPORT}/${second}`, { form: { intent: "import" }, cookie: other.cookie });
    expect(imported.status).toBe(302);
    const red = await product("red-onion");
    expect(await served(red.image_url)).toBe(200);
    expect(await served((JSON.parse(red.gallery_images) as string[])[0])).toBe(200);
    expect(await served((await product("pink-onion")).image_url)).toBe(200);

    // The other way round: the last pending job cancelled takes the pictures nobody uses with it.
    const fresh = await zipOf([["pink-onion-2.jpg", await pictureBytes("jpeg", "#0a0aff")]]);
    const third = await checked(fresh, cookie);
    const fourth = await checked(fresh, other.cookie);
    const media = await t.db.selectFrom("media").select("storage_key").execute();
    await app.request(`${IMPORT}/${third}`, { form: { intent: "cancel" }, cookie });
    expect(await t.db.selectFrom("media").select("storage_key").execute()).toHaveLength(media.length);
    await app.request(`${IMPORT}/${fourth}`, { form: { intent: "cancel" }, cookie: other.cookie });
    expect(await t.db.selectFrom("media").select("storage_key").execute()).toHaveLength(media.length - 1);
  });

  it("records a job's pictures as they are stored, and cleans a job whose process died", async () => {
    const storage = createLocalStorage(path.join(t.dataDir, "storage"));
    // A job cut off after storing one picture: its process was killed, so its row stopped moving.
    const jobId = await checked(await zipOf([["pink-onion-3.jpg", await pictureBytes("jpeg", "#333333")]]), cookie);
    const recorded = await t.db.selectFrom("photo_job_pictures").selectAll().where("job_id", "=", jobId).execute();
    expect(recorded).toHaveLength(1);
    const key = recorded[0].storage_key;
    const long = new Date(Date.now() - STALE_AFTER_MS - 1000).toISOString();
    await t.db
      .updateTable("photo_import_jobs")
      .set({ state: "processing", updated_at: long })
      .where("id", "=", jobId)
      .execute();
    // The job's page says it failed and its picture is gone, without waiting minutes.
    const page = visibleText(await (await app.request(`${IMPORT}/${jobId}`, { cookie })).text());
    expect(page).not.toMatch(/processing|Checking/i);
    expect(page).toContain("stopped before it finished");
    expect(await storage.stat(key)).toBeFalsy();
    expect(
      await t.db.selectFrom("media").select("id").where("storage_key", "=", key).executeTakeFirst(),
    ).toBeUndefined();

    // The same, found by an instance's sweep at start, and the ZIPs no job is reading removed.
    const picture = await storePictureOnce(t.db, storage, await pictureBytes("jpeg", "#444444"), {
      folder: "products",
      prefix: "pink-onion",
      maxBytes: 10 * 1024 * 1024,
    });
    const dead = await checked(await zipOf([["notes.txt", "x"]]), cookie);
    await t.db
      .updateTable("photo_import_jobs")
      .set({ state: "processing", updated_at: long })
      .where("id", "=", dead)
      .execute();
    await t.db
      .insertInto("photo_job_pictures")
      .values({ job_id: dead, storage_key: picture.storageKey, created: 1 })
      .execute();
    const folder = path.join(t.dataDir, "photo-imports");
    const leftover = path.join(folder, `${dead}.zip`);
    fs.writeFileSync(leftover, "a 99 MB ZIP");
    fs.utimesSync(leftover, new Date(long), new Date(long));
    await sweepPhotoImports(t.db, storage, t.dataDir);
    expect(fs.existsSync(leftover)).toBe(false);
    expect(
      (await t.db.selectFrom("photo_import_jobs").select("state").where("id", "=", dead).executeTakeFirst())?.state,
    ).toBe("failed");
    expect(await storage.stat(picture.storageKey)).toBeFalsy();
  });
});
