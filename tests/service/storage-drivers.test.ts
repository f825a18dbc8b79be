import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage, type S3Options } from "~/lib/storage/s3-storage.server";
import { objectPathFromUrl, type Storage } from "~/lib/storage/storage.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { startS3Server } from "../support/s3";

let s3: Awaited<ReturnType<typeof startS3Server>>;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "agro-storage-"));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const drivers: Array<[string, () => Storage]> = [
  ["the folder", () => createLocalStorage(folder)],
  ["S3", () => createS3Storage(s3.options)],
];

const text = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe.each(drivers)("storage in %s", (_name, storage) => {
  it("stores a file at its path, tells its size, reads it whole or a range, and removes it", async () => {
    const objectPath = `public/products/contract-${Date.now()}/photo-1.jpg`;
    const bytes = Buffer.from("0123456789".repeat(1000));
    const stored = await storage().put(objectPath, bytes, "image/jpeg");
    expect(stored.path).toBe(objectPath);
    // Spec §7: the stored path is what follows the bucket name in the URL.
    expect(stored.publicUrl).toContain("/application-assets/public/products/");
    expect(objectPathFromUrl(stored.publicUrl)).toBe(objectPath);

    expect((await storage().stat(objectPath))?.size).toBe(bytes.length);
    expect((await text(storage().read(objectPath))).equals(bytes)).toBe(true);
    expect((await text(storage().read(objectPath, { start: 5, end: 14 }))).toString()).toBe("5678901234");

    await storage().remove(objectPath);
    expect(await storage().stat(objectPath)).toBeNull();
    await storage().remove(objectPath); // removing what is gone is not an error
  });

  it("upserts: a second write to a path replaces the first", async () => {
    const objectPath = `public/gallery/upsert-${Date.now()}.webp`;
    await storage().put(objectPath, Buffer.from("first"), "image/webp");
    await storage().put(objectPath, Buffer.from("second, longer"), "image/webp");
    expect((await text(storage().read(objectPath))).toString()).toBe("second, longer");
  });

  it("refuses paths that could leave the bucket, and finds nothing under them", async () => {
    for (const bad of ["../secret.jpg", "/etc/passwd", "public/../../x.jpg", "public\\x.jpg", ""]) {
      expect(await storage().stat(bad)).toBeNull();
      await expect(storage().put(bad, Buffer.from("x"), "image/jpeg")).rejects.toThrow();
    }
    expect(await storage().stat("public/never-stored.jpg")).toBeNull();
  });
});

describe("S3 objects", () => {
  it("are kept under the bucket name, with an hour's Cache-Control (spec §7)", async () => {
    const storage = createS3Storage(s3.options);
    await storage.put("public/about-us/cache.jpg", Buffer.from("x"), "image/jpeg");
    const client = new S3Client(clientOptions(s3.options));
    const head = await client.send(
      new HeadObjectCommand({ Bucket: s3.options.bucket, Key: "application-assets/public/about-us/cache.jpg" }),
    );
    expect(head.CacheControl).toBe("public, max-age=3600");
    expect(head.ContentType).toBe("image/jpeg");
  });

  it("are linked where browsers load them from when S3_PUBLIC_URL is set, under the bucket name", async () => {
    const storage = createS3Storage({ ...s3.options, publicUrl: "https://cdn.example.com/" });
    const { publicUrl } = await storage.put("public/products/red-onion/photo.jpg", Buffer.from("x"), "image/jpeg");
    expect(publicUrl).toBe("https://cdn.example.com/application-assets/public/products/red-onion/photo.jpg");
    expect(objectPathFromUrl(publicUrl)).toBe("public/products/red-onion/photo.jpg");
  });
});

const clientOptions = (options: S3Options) => ({
  region: options.region,
  endpoint: options.endpoint,
  forcePathStyle: options.forcePathStyle,
  credentials: { accessKeyId: options.accessKeyId!, secretAccessKey: options.secretAccessKey! },
});
