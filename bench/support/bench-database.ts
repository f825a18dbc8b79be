import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase } from "../../app/db/database.server";
import { migrateToLatest } from "../../app/db/migrate.server";

/**
 * A throw-away, migrated database for a benchmark: SQLite in a temporary folder, or, when BENCH_DATABASE_URL is set,
 * a schema of its own on that PostgreSQL server (nothing else on the server is touched). `remove()` drops it all.
 */
export async function openBenchDatabase(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agro-bench-${name}-`));
  const url = process.env.BENCH_DATABASE_URL;
  const schema = url ? `bench_${Date.now()}` : undefined;
  if (url) await onServer(url, `CREATE SCHEMA ${schema}`);
  const db = createDatabase({ databaseUrl: url, dataDir, pgSchema: schema });
  let open = true;
  const close = async () => {
    if (open) await db.destroy();
    open = false;
  };
  // A server started on it finds the schema first on its search path.
  const serverUrl = url ? new URL(url) : undefined;
  serverUrl?.searchParams.set("options", `-c search_path=${schema}`);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await remove();
    throw error;
  }
  async function remove() {
    await close();
    if (url) await onServer(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    db,
    dataDir,
    engine: url ? "PostgreSQL" : "SQLite",
    /** What a server started by the benchmark (`startSite`) needs to use the same database. */
    siteEnv: { DATA_DIR: dataDir, DATABASE_URL: serverUrl?.toString() ?? "" },
    /** Closes this process's connection (before a server takes the SQLite file over); `remove` does it too. */
    close,
    remove,
  };
}

async function onServer(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
