import type { Db } from "~/db/database.server";
import type { DemandEvent } from "~/db/schema";

export type { DemandEvent };

/** One count to add: `count` more `event`s of a product, on a UTC day, from a country (ISO alpha-2, '' unknown). */
export interface DemandCount {
  day: string;
  productId: string;
  country: string;
  event: DemandEvent;
  count: number;
}

/** The UTC day (YYYY-MM-DD) of a moment, as counts are kept. */
export const demandDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// Five columns a row: far below both engines' limit on bound parameters.
const ROWS_PER_INSERT = 500;

/**
 * Adds counts to `demand_daily`, one upsert per 500 rows (`count = count + excluded.count`), so two instances adding
 * to the same day, product, country and event both count. Rows with the same key are summed first.
 */
export async function addDemandCounts(db: Db, counts: readonly DemandCount[]): Promise<void> {
  const summed = new Map<string, DemandCount>();
  for (const count of counts) {
    if (count.count <= 0) continue;
    const key = `${count.day}\u0000${count.productId}\u0000${count.country}\u0000${count.event}`;
    const seen = summed.get(key);
    if (seen) seen.count += count.count;
    else summed.set(key, { ...count });
  }
  const rows = [...summed.values()].map((count) => ({
    day: count.day,
    product_id: count.productId,
    country: count.country,
    event: count.event,
    count: count.count,
  }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto("demand_daily")
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((conflict) =>
        conflict
          .columns(["day", "product_id", "country", "event"])
          .doUpdateSet((eb) => ({ count: eb("demand_daily.count", "+", eb.ref("excluded.count")) })),
      )
      .execute();
  }
}
