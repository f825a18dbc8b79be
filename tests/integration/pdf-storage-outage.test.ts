import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "~/lib/storage/s3-storage.server";
import { MEDIA_PREFIX, type Storage } from "~/lib/storage/storage.server";
import { newId } from "~/lib/time";
import { startS3Server } from "../support/s3";
import { closedPort } from "../support/smtp";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// PDFs built while the S3 bucket cannot be reached (issue 22): sent without their pictures, never cached, and built
// whole once the bucket is back. Two real S3 clients: one to s3rver, one to a port where nothing listens.
let t: TestDatabase;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let reachable = true;
let reads = 0;
let storage: Storage;
const SHEET = "/products/outage-garlic/outage-white-garlic/spec-sheet.pdf";

beforeAll(async () => {
  t = await createTestDatabase();
  s3 = await startS3Server();
  const bucket = createS3Storage(s3.options);
  const away = createS3Storage({ ...s3.options, endpoint: `http://127.0.0.1:${await closedPort()}` });
  storage = {
    ...bucket,
    read(objectPath, range) {
      reads++;
      return (reachable ? bucket : away).read(objectPath, range);
    },
  };
  const categoryId = await insertCategory(t.db, { name: "Outage Garlic", slug: "outage-garlic" });
  for (const name of ["Outage White Garlic", "Outage Red Garlic"]) {
    // Noise, so the picture weighs in the PDF as a photograph does.
    const photo = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const stored = await bucket.put(`products/outage-${newId()}.jpg`, new Uint8Array(photo), "image/jpeg");
    await insertProduct(t.db, {
      category_id: categoryId,
      name,
      slug: name.toLowerCase().replaceAll(" ", "-"),
      image_url: `${MEDIA_PREFIX}${stored.path}`,
    });
  }
});
afterAll(async () => {
  await t.cleanup();
  await s3.close();
});

describe(`PDFs during an S3 outage on ${engineName}`, () => {
  it("sends a spec sheet without its picture but never caches it; once S3 is back it is built whole and cached", async () => {
    const { request } = await createTestApp(t.db, t.dataDir, { pageCache: true }, { storage });
    reachable = false;
    const during = await request(SHEET);
    expect(during.status).toBe(200);
    expect(during.headers.get("Cache-Control")).toBe("no-store");
    expect(during.headers.get("ETag")).toBeNull();
    const duringBytes = (await during.arrayBuffer()).byteLength;
    expect((await request(SHEET)).headers.get("ETag")).toBeNull();

    reachable = true;
    const after = await request(SHEET);
    expect(after.headers.get("Cache-Control")).toBe("no-cache");
    expect((await after.arrayBuffer()).byteLength).toBeGreaterThan(duringBytes + 10_000);
    const again = await request(SHEET);
    expect(again.headers.get("ETag")).toBeTruthy();
    expect(again.headers.get("ETag")).toBe(after.headers.get("ETag"));
  }, 60_000);

  it("builds the catalogue once for visitors who ask at the same time, even when it cannot be cached", async () => {
    const { request } = await createTestApp(t.db, t.dataDir, { pageCache: false }, { storage });
    reachable = false;
    reads = 0;
    const alone = await request("/catalogue.pdf");
    const readsPerBuild = reads;
    expect(readsPerBuild).toBeGreaterThan(0);

    reads = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => request("/catalogue.pdf")));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(reads).toBe(readsPerBuild);
    expect(alone.headers.get("Cache-Control")).toBe("no-store");
    reachable = true;
  }, 60_000);
});
