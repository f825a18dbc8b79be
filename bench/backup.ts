// npm run bench:backup — backup and restore of the demo site, then of the demo site with a category of 10,000 more
// products (what a 50,000-row CSV import leaves; they share a demo picture, so the rows are what grows): archive
// size, backup time, restore time. SQLite and the folder driver in temporary folders.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, type Db } from "../app/db/database.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { seedDemoIfEmpty } from "../app/startup/seed/demo.server";
import { restoreBackup, writeBackup } from "../app/features/backup/archive.server";
import { createLocalStorage } from "../app/lib/storage/local-storage.server";
import { addBigCategory } from "./support/big-category";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-backup-"));
process.on("exit", () => fs.rmSync(work, { recursive: true, force: true }));

async function site(name: string) {
  const dir = path.join(work, name);
  const db = createDatabase({ dataDir: dir });
  await migrateToLatest(db);
  return { db, storage: createLocalStorage(path.join(dir, "storage")) };
}

async function measure(label: string, source: { db: Db; storage: ReturnType<typeof createLocalStorage> }) {
  const file = path.join(work, `${label.replace(/\W+/g, "-")}.backup.gz`);
  let started = performance.now();
  const backup = await writeBackup(source.db, source.storage, file);
  const backupMs = performance.now() - started;
  const target = await site(`${label}-restored`.replace(/\W+/g, "-"));
  started = performance.now();
  await restoreBackup(target.db, target.storage, file);
  const restoreMs = performance.now() - started;
  await target.db.destroy();
  return {
    rows: Object.values(backup.rows).reduce((a, b) => a + b, 0),
    files: backup.files,
    "archive MB": (backup.bytes / 1024 / 1024).toFixed(1),
    "backup s": (backupMs / 1000).toFixed(2),
    "restore s": (restoreMs / 1000).toFixed(2),
  };
}

const demo = await site("demo");
await seedDemoIfEmpty(demo.db, demo.storage);
const rows: Record<string, unknown> = {};
rows["demo site"] = await measure("demo", demo);
const picture = (await demo.db.selectFrom("products").select("image_url").executeTakeFirstOrThrow()).image_url!;
await addBigCategory(demo.db, { slug: "red-onions-bulk", name: "Red Onions Bulk", count: PRODUCTS, imageUrl: picture });
rows[`demo site + ${PRODUCTS} products`] = await measure("big", demo);
await demo.db.destroy();
console.table(rows);
