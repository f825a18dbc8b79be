import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { configureLog } from "~/lib/log.server";
import { DISK_FULL } from "~/lib/disk-full";
import { jpegFile, multipart } from "../support/images";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, usingPostgres, type TestDatabase } from "../support/test-db";
import { pictureBytes, zipOf } from "../support/zips";

// A real full disk: a small tmpfs holding the stored files (and, on SQLite, the database), filled up with a file
// before the write. Mounting needs root (CI runs as root); elsewhere the test says why it did not run.
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "agro-full-disk-"));
const canMount = (() => {
  if (process.getuid?.() !== 0) return "not root";
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mountPoint], { stdio: "pipe" });
    return null;
  } catch (error) {
    return `mount -t tmpfs failed: ${(error as Error).message.split("\n")[0]}`;
  }
})();
if (canMount) console.warn(`[full-disk] skipped: a full disk is made with a tmpfs mount, and ${canMount}.`);

let t: TestDatabase;
let db: Db;
const filler = path.join(mountPoint, "filler");

/** Fills the filesystem to its last byte; `free` undoes it. */
function fillDisk() {
  const fd = fs.openSync(filler, "w");
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  }
  // The last few bytes too: a smaller write may still fit.
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(512));
  } catch {
    // full
  }
  fs.closeSync(fd);
}
const freeDisk = () => fs.rmSync(filler, { force: true });

/** Every file under a folder, with its size. */
function filesUnder(dir: string): Record<string, number> {
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    (fs.readdirSync(dir, { recursive: true }) as string[])
      .map((name) => path.join(dir, name))
      .filter((file) => fs.statSync(file).isFile())
      .map((file) => [path.relative(dir, file), fs.statSync(file).size]),
  );
}

describe.skipIf(canMount !== null)(`a full disk on ${engineName}`, () => {
  beforeAll(async () => {
    t = await createTestDatabase();
    // On SQLite the site's database lives on the small disk too; PostgreSQL keeps its own.
    db = usingPostgres ? t.db : createDatabase({ dataDir: mountPoint });
    if (!usingPostgres) await migrateToLatest(db);
  });
  afterAll(async () => {
    freeDisk();
    if (db !== t?.db) await db?.destroy();
    await t?.cleanup();
    if (!canMount) execFileSync("umount", [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it("refuses an upload and leaves no file behind, not even an empty one (ADR 0021)", async () => {
    const app = await createTestApp(db, mountPoint);
    const { cookie } = await signedInAs(db, "admin");
    const storage = path.join(mountPoint, "storage");
    const image = await jpegFile("onions.jpg", 1200);
    const before = filesUnder(storage);
    fillDisk();
    try {
      const response = await app.request("/admin/edit-pages/gallery", {
        multipart: multipart({ intent: "save", title: "On a full disk", sort_order: "", image }),
        cookie,
      });
      expect(response.status).toBe(507);
      expect(await response.text()).toContain(DISK_FULL);
    } finally {
      freeDisk();
    }
    expect(filesUnder(storage)).toEqual(before);
    expect(
      await db.selectFrom("gallery_items").select("id").where("title", "=", "On a full disk").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("names a full disk during a ZIP upload, instead of blaming the form, and logs it as an error", async () => {
    const app = await createTestApp(db, mountPoint);
    const { cookie } = await signedInAs(db, "admin");
    const form = new FormData();
    const zip = await zipOf([["onions.jpg", await pictureBytes("jpeg", "#a01010", 1200)]]);
    form.append("zip", new File([zip], "photos.zip", { type: "application/zip" }));
    const logged: string[] = [];
    configureLog({
      level: "error",
      instance: "full-disk",
      destination: { write: (line: string) => logged.push(line) },
    });
    fillDisk();
    let response: Response;
    try {
      response = await app.request("/admin/manage-products/import-photos", { multipart: form, cookie });
    } finally {
      configureLog({ level: "info", instance: "full-disk" });
      freeDisk();
    }
    expect(response.status).toBe(507);
    const text = await response.text();
    expect(text).toContain(DISK_FULL);
    expect(text).not.toContain("could not be read");
    expect(logged.join("\n")).toMatch(/ENOSPC/);
    expect(await db.selectFrom("photo_import_jobs").select("id").execute()).toEqual([]);
  });

  it("names a full disk on a product save, instead of 'Please try again'", async () => {
    const app = await createTestApp(db, mountPoint);
    const { cookie } = await signedInAs(db, "admin");
    const category = await insertCategory(db, { name: "Onions", slug: `onions-${Date.now()}` });
    const image = await jpegFile("onion.jpg", 1200);
    fillDisk();
    let response: Response;
    try {
      response = await app.request("/admin/manage-products/add", {
        multipart: multipart({ name: "On a full disk", slug: "on-a-full-disk", category_id: category, image }),
        cookie,
      });
    } finally {
      freeDisk();
    }
    expect(response.status).toBe(507);
    const text = await response.text();
    expect(text).toContain(DISK_FULL);
    expect(text).not.toContain("Please try again");
    expect(await db.selectFrom("products").select("id").where("slug", "=", "on-a-full-disk").execute()).toEqual([]);
  });

  it.skipIf(usingPostgres)("an SQLite text edit reports the disk-full error, not a failed rollback", async () => {
    const app = await createTestApp(db, mountPoint);
    const { cookie } = await signedInAs(db, "admin");
    const logged: string[] = [];
    fillDisk();
    // The server's log lines (JSON, the error's message and stack in `err`), caught here.
    configureLog({
      level: "error",
      instance: "full-disk",
      destination: { write: (line: string) => logged.push(line) },
    });
    let status: number;
    try {
      // A long text, so the write-ahead log must grow into the full disk.
      const response = await app.request("/admin/edit-pages/about-us", {
        form: { about_main_heading: "Written to a full disk", about_main_text: "x".repeat(60_000) },
        cookie,
      });
      status = response.status;
      await response.text();
    } finally {
      configureLog({ level: "info", instance: "full-disk" });
      freeDisk();
    }
    expect(status).not.toBe(302);
    expect(logged.join("\n")).toMatch(/database or disk is full|SQLITE_FULL/);
    expect(logged.join("\n")).not.toContain("cannot rollback");
  });
});
