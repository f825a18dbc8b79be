import type { Db } from "~/db/database.server";
import type { Insertable } from "kysely";
import type { DemandDailyTable, DemandEvent } from "~/db/schema";
import { siteDay } from "./demand-days";

export type { DemandEvent };

/** One count to add: `count` more `event`s of a product, on a site's day, from a country (ISO alpha-2, '' unknown). */
export interface DemandCount {
  day: string;
  productId: string;
  country: string;
  event: DemandEvent;
  count: number;
}

/** The day (YYYY-MM-DD) of a moment in the site's time zone (India's unless told), as counts are kept (ADR 0056). */
export const demandDay = (ms: number, timeZone?: string) => siteDay(ms, timeZone);

// Five columns a row: far below both engines' limit on bound parameters.
const ROWS_PER_INSERT = 500;

/** How long a batch id is remembered: far longer than a write is retried (every 10 seconds while it fails). */
const BATCH_KEPT_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Adds counts to `demand_daily`, one upsert per 500 rows (`count = count + excluded.count`), so two instances adding
 * to the same day, product, country and event both count. Rows with the same key are summed first. With `batchId`,
 * the id is written in the same transaction as the counts and a batch already written adds nothing: a write retried
 * after its answer was lost (PostgreSQL committed, the client timed out) counts once (issue 38).
 */
export async function addDemandCounts(db: Db, counts: readonly DemandCount[], batchId?: string): Promise<void> {
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
  if (!rows.length) return;
  if (batchId === undefined) return upsertCounts(db, rows);
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const claimed = await trx
      .insertInto("demand_batches")
      .values({ id: batchId, applied_at: new Date(now).toISOString() })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await upsertCounts(trx, rows);
    await trx
      .deleteFrom("demand_batches")
      .where("applied_at", "<", new Date(now - BATCH_KEPT_MS).toISOString())
      .execute();
  });
}

async function upsertCounts(db: Db, rows: Array<Insertable<DemandDailyTable>>) {
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
