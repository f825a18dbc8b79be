import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoIfEmpty } from "~/startup/seed/demo.server";
import { countContentRows, restoreBackup, RestoreError, writeBackup } from "~/features/backup/archive.server";
import { createS3Storage } from "~/lib/storage/s3-storage.server";
import { type Storage } from "~/lib/storage/storage.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { startS3Server } from "../support/s3";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertInquiry, type TestDatabase } from "../support/test-db";

// A site on SQLite with its files in a folder is backed up while it is being written to, then restored into an
// empty database of the engine under test with its files in an S3 bucket: the move the backup exists for.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "agro-backup-"));
const sourceDir = path.join(work, "source");
let source: Db;
let sourceStorage: Storage;
let target: TestDatabase;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let targetStorage: Storage;
const archive = path.join(work, "site.backup.gz");

beforeAll(async () => {
  source = createDatabase({ dataDir: sourceDir });
  await migrateToLatest(source);
  sourceStorage = createLocalStorage(path.join(sourceDir, "storage"));
  await seedDemoIfEmpty(source, sourceStorage);
  target = await createTestDatabase();
  s3 = await startS3Server();
  targetStorage = createS3Storage(s3.options);
}, 120_000);
afterAll(async () => {
  await source.destroy();
  await target.cleanup();
  await s3.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const inquiry = {
  full_name: "Busy Buyer",
  email: "buyer@example.com",
  phone: "+1 555 0100",
  subject: "Written during the backup",
  message: "Price for 2 containers?",
  ip_hash: "x",
};

const s3Client = () =>
  new S3Client({
    region: "us-east-1",
    endpoint: s3.options.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });

const tableRows = (db: Db, table: "products" | "product_categories" | "site_settings" | "blog_posts") =>
  db.selectFrom(table).selectAll().orderBy("id").execute();

describe(`backup of an SQLite site restored on ${engineName} with files in S3`, () => {
  it("writes a consistent archive while the site is written to, and restores the same rows with every picture served", async () => {
    // The site's writes come through a connection of their own, as from the server's process.
    const site = createDatabase({ dataDir: sourceDir });
    // The demo has quote requests of its own; only the rows written during the backup count below.
    const seeded = (await source.selectFrom("inquiries").select("id").execute()).length;
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await insertInquiry(site, inquiry);
        written++;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const summary = await writeBackup(source, sourceStorage, archive);
    writing = false;
    await writer;
    await site.destroy();
    expect(written).toBeGreaterThan(0);
    expect(summary.rows.inquiries - seeded).toBeLessThan(written);
    expect(summary.missing).toEqual([]);
    expect(summary.files).toBeGreaterThan(50);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);

    const restored = await restoreBackup(target.db, targetStorage, archive);
    expect(restored.rows).toEqual(summary.rows);
    expect(restored.files).toBe(summary.files);
    for (const table of ["products", "product_categories", "site_settings", "blog_posts"] as const)
      expect(await tableRows(target.db, table), table).toEqual(await tableRows(source, table));
    // The inquiries of one moment: none half-written, all that were there when the rows were read.
    const inquiries = await target.db.selectFrom("inquiries").select("id").execute();
    expect(inquiries.length).toBe(summary.rows.inquiries);

    // Every picture the restored site names is served, from the bucket.
    const { request } = await createTestApp(target.db, target.dataDir, {}, { storage: targetStorage });
    const products = await target.db.selectFrom("products").select(["image_url", "gallery_images"]).execute();
    const urls = products.flatMap((p) => [p.image_url!, ...(JSON.parse(p.gallery_images) as string[])]);
    expect(urls.length).toBeGreaterThan(15);
    for (const url of urls) expect((await request(url)).status, url).toBe(200);
    const home = await (await request("/")).text();
    for (const [, src] of home.matchAll(/src="(\/media\/[^"]+)"/g)) expect((await request(src)).status, src).toBe(200);
  }, 120_000);

  it("refuses a database with content unless told to replace it, and a damaged archive changes nothing", async () => {
    await expect(restoreBackup(target.db, targetStorage, archive)).rejects.toThrow(
      /The database is not empty \(\d+ rows of content\)\. Restore into an empty database, or add --force/,
    );
    const truncated = path.join(work, "truncated.gz");
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)));
    const before = await countContentRows(target.db);
    await target.db.deleteFrom("redirects").execute();
    await expect(restoreBackup(target.db, targetStorage, truncated, { force: true })).rejects.toBeInstanceOf(
      RestoreError,
    );
    expect(await countContentRows(target.db)).toBe(before);

    await target.db.updateTable("site_settings").set({ setting_value: "changed" }).execute();
    await restoreBackup(target.db, targetStorage, archive, { force: true });
    expect(await tableRows(target.db, "site_settings")).toEqual(await tableRows(source, "site_settings"));
  }, 120_000);

  it("writes the archive for its owner only (0600), the .partial too", async () => {
    const out = path.join(work, "private.backup.gz");
    const modes = new Set<number>();
    let writing = true;
    const watcher = (async () => {
      while (writing) {
        try {
          modes.add(fs.statSync(`${out}.partial`).mode & 0o777);
        } catch {
          // not there (yet, or any more)
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await writeBackup(source, sourceStorage, out);
    writing = false;
    await watcher;
    expect([...modes].map((mode) => mode.toString(8))).toEqual(["600"]);
    expect((fs.statSync(out).mode & 0o777).toString(8)).toBe("600");
    // A .partial left readable by a run that died is replaced, not reopened with its mode.
    fs.writeFileSync(`${out}.partial`, "left over");
    fs.chmodSync(`${out}.partial`, 0o644);
    await writeBackup(source, sourceStorage, out);
    expect((fs.statSync(out).mode & 0o777).toString(8)).toBe("600");
  }, 120_000);

  it("checks the whole archive before it writes a file or a row: cut off, it changes no picture and leaves no file", async () => {
    const lines = zlib.gunzipSync(fs.readFileSync(archive)).toString("utf8").split("\n");
    const firstFile = JSON.parse(lines.find((line) => line.startsWith('{"file"'))!) as { file: string };
    // Cut off after most of its files: a restore that wrote as it read would have replaced the picture by now.
    const cutOff = path.join(work, "cut-off.backup.gz");
    fs.writeFileSync(cutOff, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size * 0.9)));
    await targetStorage.put(firstFile.file, Buffer.from("the picture as it is now"), "image/jpeg");
    const before = await countContentRows(target.db);
    await expect(restoreBackup(target.db, targetStorage, cutOff, { force: true })).rejects.toThrow(/cannot be read/);
    expect(await countContentRows(target.db)).toBe(before);
    expect(Buffer.from(await new Response(targetStorage.read(firstFile.file)).arrayBuffer()).toString()).toBe(
      "the picture as it is now",
    );

    // A .partial archive (a backup that died) into an empty database and an empty bucket: nothing written to either.
    const empty = await createTestDatabase();
    const bucket = `empty-${Date.now()}`;
    await s3Client().send(new CreateBucketCommand({ Bucket: bucket }));
    const partial = path.join(work, "died.backup.gz.partial");
    fs.writeFileSync(partial, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)));
    try {
      const storage = createS3Storage({ ...s3.options, bucket });
      await expect(restoreBackup(empty.db, storage, partial)).rejects.toThrow(/incomplete|cannot be read/);
      const listed = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket }));
      expect(listed.KeyCount ?? 0).toBe(0);
      expect(await countContentRows(empty.db)).toBe(0);
    } finally {
      await empty.cleanup();
    }

    // Whole, with the right counts, but a file's bytes changed: its checksum says so.
    const damaged = lines.map((line) => {
      if (!line.startsWith('{"file"')) return line;
      const record = JSON.parse(line) as { data: string };
      const data = Buffer.from(record.data, "base64");
      data[data.length >> 1] ^= 0xff;
      return JSON.stringify({ ...record, data: data.toString("base64") });
    });
    const tampered = path.join(work, "tampered.backup.gz");
    fs.writeFileSync(tampered, zlib.gzipSync(damaged.join("\n")));
    await expect(restoreBackup(target.db, targetStorage, tampered, { force: true })).rejects.toThrow(
      /does not match its checksum/,
    );
    expect(await countContentRows(target.db)).toBe(before);
  }, 120_000);

  it("restoring into a bucket that does not exist says so, before it makes any table", async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const run = promisify(execFile);
      const env = {
        ...process.env,
        DATA_DIR: fresh.dataDir,
        DATABASE_URL: fresh.databaseUrl ?? "",
        S3_BUCKET: "no-such-bucket",
        S3_ENDPOINT: s3.options.endpoint!,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      };
      const refused = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], { env }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused).toMatchObject({ code: 1 });
      const stderr = (refused as { stderr: string }).stderr;
      expect(stderr).toContain("The storage cannot be written");
      expect(stderr).toContain("bucket does not exist");
      expect(stderr).not.toContain("The archive cannot be read");
      // No table was made: the database is as it was.
      await expect(fresh.db.selectFrom("users").select("id").execute()).rejects.toThrow(/users/);
    } finally {
      await fresh.cleanup();
    }
  }, 120_000);

  it("runs from the command line: npm run backup -- --out FILE, npm run restore -- FILE", async () => {
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: sourceDir, DATABASE_URL: "" };
    const out = path.join(work, "cli.backup.gz");
    const backup = await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", "--out", out], { env });
    expect(backup.stdout).toMatch(/^Backed up \d+ rows and \d+ files to .+ \([\d.]+ MB in [\d.]+ s\)\.$/m);
    const refused = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", out], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("The database is not empty");
  }, 120_000);
});
