import { sql } from "kysely";
import { isPostgres, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoIfEmpty } from "~/startup/seed/demo.server";
import { deleteExpiredSessions } from "~/features/auth/session.server";
import type { Storage } from "~/lib/storage/storage.server";
import { raiseContentVersion } from "~/features/page-cache/content-version.server";
import { log } from "~/lib/log.server";

/**
 * What an instance does to its database before serving: migrate, add the demo content to an empty site, drop
 * expired sessions. Instances started together on one PostgreSQL database take turns (an advisory lock), so
 * every one of them comes up and the demo content is added once. SQLite serves a single instance.
 */
export async function prepareDatabase(db: Db, storage: Storage, options: { seedDemo: boolean }) {
  let seeded = false;
  await withStartupLock(db, async () => {
    await migrateToLatest(db);
    if (options.seedDemo && (await seedDemoIfEmpty(db, storage))) {
      seeded = true;
      await raiseContentVersion(db); // instances already serving drop the empty pages they cached
    }
  });
  await deleteExpiredSessions(db);
  return { seeded };
}

/** How often a waiting instance asks for the lock again, and how long it waits in all before giving up. */
const LOCK_POLL_MS = 250;
const LOCK_WAIT_MS = 10 * 60_000;

/**
 * Runs `fn` while holding this schema's start-up lock. The lock belongs to one connection kept for the whole
 * time (a session-level advisory lock); `fn` uses the pool as usual. PostgreSQL releases it if the process dies.
 */
export async function withStartupLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return fn();
  return db.connection().execute(async (connection) => {
    // One lock per schema: several sites (or test runs) may share a server without waiting on each other.
    const key = sql`hashtext('agro-startup:' || current_schema())`;
    // Asked for again and again rather than waited on in one statement: the wait (another instance adding the
    // demo pictures) may be longer than the statement timeout that keeps every other query short.
    const deadline = Date.now() + LOCK_WAIT_MS;
    let told = false;
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
        connection,
      );
      if (rows[0]?.locked) break;
      if (Date.now() > deadline) throw new Error("Another instance has held the start-up lock for 10 minutes.");
      if (!told) log.info("[db] another instance is migrating or adding the demo content; waiting for it");
      told = true;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
