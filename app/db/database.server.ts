import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise an SQLite file in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: run in this schema (tests give each file its own). */
  pgSchema?: string;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function createDatabase(options: DatabaseOptions): Db {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on("error", (error) => console.error("[db] idle PostgreSQL client error:", error.message));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, "site.db"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** PostgreSQL (true) or SQLite (false), for the few places where the two need different SQL. */
export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** True when the database answers a trivial query; used by /healthz. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db
      .selectFrom("site_settings")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    return true;
  } catch {
    return false;
  }
}
