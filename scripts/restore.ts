// npm run restore -- FILE [--force]
// Loads an archive written by `npm run backup` into the database and storage this environment names (DATA_DIR /
// DATABASE_URL / S3_*), of either engine and driver. Refuses a database with content unless --force.
import path from "node:path";
import { parseArgs } from "node:util";
import { databaseOptions, loadConfig } from "../app/config.server";
import { createDatabase } from "../app/db/database.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { withStartupLock } from "../app/startup/startup.server";
import { restoreBackup, RestoreError } from "../app/features/backup/archive.server";
import { createStorage } from "../app/lib/storage/create-storage.server";

const usage = "Usage: npm run restore -- FILE [--force]";

async function main() {
  let file: string | undefined;
  let force = false;
  try {
    const { values, positionals } = parseArgs({
      options: { force: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
    [file] = positionals;
    force = !!values.force;
    if (positionals.length !== 1) throw new Error("Name one archive to restore.");
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  const db = createDatabase(databaseOptions(config));
  try {
    const started = Date.now();
    // The archive and the storage are checked before the database is touched (its tables made), then migrated.
    const summary = await restoreBackup(db, await createStorage(config), path.resolve(file!), {
      force,
      prepare: () => withStartupLock(db, () => migrateToLatest(db)),
    });
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    console.log(`Restored ${rows} rows and ${summary.files} files in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
