import { sql } from "kysely";
import type { Db } from "~/db/database.server";

// The content version (one row) counts every change to public content; `page_changes` says what each raise changed,
// by the names pages declare (ADR 0027). A raise without a row changed everything.

/** What changed: the names of the content, or everything. */
export type PageChange = ReadonlySet<string> | "everything";

/** The newest version, and what changed after the one asked about, oldest first. */
export interface ChangesSince {
  version: number;
  changes: PageChange[];
}

/** How many changes are kept for instances to read: one further behind than this refreshes every page. */
const KEPT_CHANGES = 1000;

/** The number every change to public content raises; a page rendered under an older number may be stale. */
export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Marks every cached page, on every instance, as stale. */
export async function raiseContentVersion(db: Db): Promise<void> {
  await db
    .updateTable("content_version")
    .set({ version: sql`version + 1` })
    .where("id", "=", 1)
    .execute();
}

/**
 * Raises the version and records what the change showed, in one transaction (the row lock on the version orders
 * writers on PostgreSQL; SQLite has one writer). Returns the new version.
 */
export async function recordPageChange(db: Db, change: PageChange): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("content_version")
      .set({ version: sql`version + 1` })
      .where("id", "=", 1)
      .execute();
    const version = await readContentVersion(trx);
    if (change !== "everything") {
      await trx
        .insertInto("page_changes")
        .values({ version, tags: [...change].join(" ") })
        .execute();
      await trx
        .deleteFrom("page_changes")
        .where("version", "<=", version - KEPT_CHANGES)
        .execute();
    }
    return version;
  });
}

/** The changes after `since` (every one when it is too far behind to be told apart: then "everything"). */
export async function readChangesSince(db: Db, since: number): Promise<ChangesSince> {
  const version = await readContentVersion(db);
  if (version <= since) return { version, changes: [] };
  if (version - since > KEPT_CHANGES) return { version, changes: ["everything"] };
  const rows = await db
    .selectFrom("page_changes")
    .select(["version", "tags"])
    .where("version", ">", since)
    .where("version", "<=", version)
    .orderBy("version")
    .execute();
  const tagsByVersion = new Map(rows.map((row) => [Number(row.version), row.tags]));
  const changes: PageChange[] = [];
  for (let v = since + 1; v <= version; v++) {
    const tags = tagsByVersion.get(v);
    changes.push(tags === undefined ? "everything" : new Set(tags.split(" ").filter(Boolean)));
  }
  return { version, changes };
}
