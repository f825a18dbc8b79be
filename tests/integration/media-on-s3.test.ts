import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VARIANT_WIDTHS, variantPath } from "~/features/images/images.server";
import { createS3Storage } from "~/lib/storage/s3-storage.server";
import { objectPathFromUrl, type Storage } from "~/lib/storage/storage.server";
import { jpegFile, multipart } from "../support/images";
import { startS3Server } from "../support/s3";
import { pruneAllVersions } from "../support/versions";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, whileRefusing, type TestDatabase } from "../support/test-db";

// The site with its files in an S3 bucket (a real S3-protocol server on loopback), on either database engine.
let t: TestDatabase;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let storage: Storage;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  s3 = await startS3Server();
  storage = createS3Storage(s3.options);
  app = await createTestApp(t.db, t.dataDir, {}, { storage });
  cookie = (await signedInAs(t.db, "admin")).cookie;
});
afterAll(async () => {
  await t.cleanup();
  await s3.close();
});

const keysUnder = async (prefix: string) => {
  const client = new S3Client({
    region: s3.options.region,
    endpoint: s3.options.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.options.accessKeyId!, secretAccessKey: s3.options.secretAccessKey! },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.options.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!);
};
const storedFiles = (url: string | null) => {
  const objectPath = objectPathFromUrl(url)!;
  return [objectPath, ...VARIANT_WIDTHS.map((w) => variantPath(objectPath, w))];
};
const category = (slug: string) =>
  t.db.selectFrom("product_categories").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();

describe(`pictures in S3 on ${engineName}`, () => {
  it("an upload is stored with its variants, served by the site whole and by range, and offered in its sizes on the public page", async () => {
    const photo = await jpegFile("onions.jpg");
    const added = await app.request("/admin/manage-categories/add", {
      multipart: multipart({ name: "S3 Onions", slug: "s3-onions", description: "", image: photo }),
      cookie,
    });
    expect(added.status).toBe(302);
    const { image_url } = await category("s3-onions");
    expect(image_url).toMatch(/^\/media\/application-assets\/public\/categories\/s3-onions\/category-\w{8}\.jpg$/);
    for (const objectPath of storedFiles(image_url)) expect(await storage.stat(objectPath), objectPath).not.toBeNull();

    const served = await app.request(image_url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const part = await app.request(image_url!, { headers: { Range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 10));
    expect((await app.request(`${image_url!.slice(0, -4)}-missing.jpg`)).status).toBe(404);

    const page = await (await app.request("/our-products")).text();
    expect(page).toContain(`${variantPath(objectPathFromUrl(image_url)!, 400)} 400w`);
  });

  it("a replaced picture's files are removed from the bucket, and a deleted category's too", async () => {
    const before = (await category("s3-onions")).image_url;
    const { id } = await category("s3-onions");
    const edited = await app.request(`/admin/manage-categories/edit/${id}`, {
      multipart: multipart({ name: "S3 Onions", slug: "s3-onions", description: "", image: await jpegFile("new.jpg") }),
      cookie,
    });
    expect(edited.status).toBe(302);
    const after = (await category("s3-onions")).image_url;
    expect(after).not.toBe(before);
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, storage);
    for (const objectPath of storedFiles(before)) expect(await storage.stat(objectPath), objectPath).toBeNull();
    for (const objectPath of storedFiles(after)) expect(await storage.stat(objectPath), objectPath).not.toBeNull();

    const deleted = await app.request("/admin/manage-categories", { form: { intent: "delete", id }, cookie });
    expect(deleted.status).toBe(302);
    await pruneAllVersions(t.db, storage);
    expect(await keysUnder("application-assets/public/categories/s3-onions/")).toEqual([]);
  });

  it("a new upload is removed again when the database refuses the row", async () => {
    await whileRefusing(t.db, "product_categories", "insert", async () => {
      const refused = await app.request("/admin/manage-categories/add", {
        multipart: multipart({ name: "Refused", slug: "s3-refused", description: "", image: await jpegFile() }),
        cookie,
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
    });
    expect(await keysUnder("application-assets/public/categories/s3-refused/")).toEqual([]);
  });
});
