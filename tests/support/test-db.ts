import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";

export const usingPostgres = !!process.env.TEST_DATABASE_URL;
export const engineName = usingPostgres ? "PostgreSQL" : "SQLite";

export interface TestDatabase {
  db: Db;
  dataDir: string;
  /** DATABASE_URL for a child process that must see the same database (empty for SQLite). */
  databaseUrl: string | undefined;
  cleanup(): Promise<void>;
}

/**
 * A real, migrated database of its own: an SQLite file in a temporary folder, or, when TEST_DATABASE_URL is
 * set, a fresh PostgreSQL schema (so test files can run in parallel on one server).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-test-"));
  const url = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (url) {
    schema = `t_${randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const db = createDatabase({ databaseUrl: url, dataDir, pgSchema: schema });
  await migrateToLatest(db);
  const databaseUrl = url && schema ? withSearchPath(url, schema) : undefined;
  return {
    db,
    dataDir,
    databaseUrl,
    async cleanup() {
      await db.destroy();
      if (url && schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}
