import type { Db } from "~/db/database.server";

type Ordered = "certificates" | "gallery_items";

/** The next sort_order for a new item: the current count (spec §9). */
export async function nextSortOrder(db: Db, table: Ordered): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Moves an item one place up or down in the admin order (sort_order, then created_at) and renumbers the list
 * 0…n-1 in one transaction, so equal or gapped numbers from older data settle too.
 */
export async function moveItem(db: Db, table: Ordered, id: string, direction: "up" | "down"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom(table)
      .select(["id", "sort_order"])
      .orderBy("sort_order", "asc")
      .orderBy("created_at", "asc")
      .orderBy("id")
      .execute();
    const index = rows.findIndex((r) => r.id === id);
    const target = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || target < 0 || target >= rows.length) return false;
    [rows[index], rows[target]] = [rows[target], rows[index]];
    for (const [position, row] of rows.entries()) {
      if (row.sort_order !== position)
        await trx.updateTable(table).set({ sort_order: position }).where("id", "=", row.id).execute();
    }
    return true;
  });
}

/** Spec §5: sort order is parsed as an integer; anything else falls back. */
export function parseSortOrder(value: string, fallback: number): number {
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isFinite(parsed) ? Math.max(-1_000_000, Math.min(1_000_000, parsed)) : fallback;
}
