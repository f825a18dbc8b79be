// npm run backup -- --out FILE
// One consistent archive of the site's rows and the stored files they name, written while the site keeps serving.
// Uses the same DATA_DIR / DATABASE_URL / S3_* as the server.
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { databaseOptions, loadConfig } from "../app/config.server";
import { createDatabase } from "../app/db/database.server";
import { writeBackup } from "../app/features/backup/archive.server";
import { createStorage } from "../app/lib/storage/create-storage.server";
import { stopWithCaller } from "./stop-with-caller";

const usage = "Usage: npm run backup -- --out FILE";

async function main() {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: "string" } }, strict: true }).values.out;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!out) {
    console.error(`--out is required\n${usage}`);
    return 2;
  }
  // Killed, or its npm killed, it leaves no .partial behind (writeBackup writes beside the name).
  stopWithCaller(() => rmSync(`${path.resolve(out)}.partial`, { force: true }));
  const config = loadConfig();
  const db = createDatabase(databaseOptions(config));
  try {
    const started = Date.now();
    const summary = await writeBackup(db, await createStorage(config), path.resolve(out));
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    console.log(
      `Backed up ${rows} rows and ${summary.files} files to ${out} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
    for (const missing of summary.missing) console.warn(`Not found in storage (a row names it): ${missing}`);
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
