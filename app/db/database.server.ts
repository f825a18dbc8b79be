import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, SqliteDialect, type Driver } from "kysely";
import pg from "pg";
import { log } from "~/lib/log.server";
import { OwnSchemaPostgresDialect } from "./own-schema-introspector.server";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise an SQLite file in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: run in this schema (tests give each file its own). */
  pgSchema?: string;
  /** PostgreSQL only: connections per instance (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** PostgreSQL only: the longest a statement may run, and a connection may take to open or be handed out. */
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
}

export const DATABASE_DEFAULTS = { poolMax: 10, statementTimeoutMs: 10_000, connectTimeoutMs: 5_000 };

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** Each PostgreSQL database's pool, for its figures (metrics); Kysely keeps it to itself. */
const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool's figures on PostgreSQL (connections open, idle, and queries waiting for one); none on SQLite. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number; max: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
}

export function createDatabase(options: DatabaseOptions): Db {
  if (isPostgresUrl(options.databaseUrl)) {
    const { poolMax, statementTimeoutMs, connectTimeoutMs } = { ...DATABASE_DEFAULTS, ...definedOnly(options) };
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: poolMax,
      options: options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined,
      // Fail fast instead of hanging when the server stops answering (pages then show their error state and
      // /healthz says 503): opening or waiting for a connection, a slow statement (ended by the server), and a
      // reply that never comes (ended here, a second later, for a connection that went silent).
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + 1000,
      idle_in_transaction_session_timeout: 60_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on("error", (error) => log.backgroundError("[db] idle PostgreSQL client error", error));
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, "site.db"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialectKeepingErrors({ database: sqlite }) });
}

/** Prepared reads kept by their SQL: at most this many, then forgotten all at once. */
const MAX_STATEMENTS = 500;

/**
 * The database as Kysely's SQLite driver sees it, preparing each read once: Kysely prepares every query anew, and
 * preparing was about a fiftieth of an uncached page (ADR 0028). Only reads are kept (writes and schema changes are
 * rare), and a kept statement that is being iterated (a streamed query) is not shared: that one gets its own.
 * SQLite prepares a kept statement again by itself after a schema change.
 */
function preparingReadsOnce(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(sql);
      if (statement.reader && !kept) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/**
 * SQLite ends a transaction itself when a write fails with SQLITE_FULL (a full disk), SQLITE_IOERR and a few others.
 * Kysely's ROLLBACK after that would fail with "cannot rollback - no transaction is active" and replace the error
 * that matters; here it is skipped when no transaction is open, so the caller sees "database or disk is full".
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  constructor(config: { database: SQLite.Database }) {
    super({ database: preparingReadsOnce(config.database) });
    this.#sqlite = config.database;
  }
  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.#sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

const definedOnly = <T extends object>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;

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
