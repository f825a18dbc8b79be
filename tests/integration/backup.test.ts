import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoIfEmpty } from "~/db/seed/demo.server";
import { countContentRows, restoreBackup, RestoreError, writeBackup } from "~/features/backup/archive.server";
import { createS3Storage } from "~/features/media/s3-storage.server";
import { createLocalStorage, type Storage } from "~/features/media/storage.server";
import { newId, nowIso } from "~/lib/time";
import { startS3Server } from "../support/s3";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

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

const inquiry = () => ({
  id: newId(),
  full_name: "Busy Buyer",
  email: "buyer@example.com",
  phone: "+1 555 0100",
  subject: "Written during the backup",
  message: "Price for 2 containers?",
  product_name: null,
  page_path: null,
  ip_hash: "x",
  status: "new" as const,
  notified_at: null,
  notify_error: null,
  created_at: nowIso(),
  updated_at: nowIso(),
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
        await site.insertInto("inquiries").values(inquiry()).execute();
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
