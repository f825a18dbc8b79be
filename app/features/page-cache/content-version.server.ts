import { sql } from "kysely";
import type { Db } from "~/db/database.server";

/** The number every change to public content raises; a page rendered under an older number is stale. */
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
