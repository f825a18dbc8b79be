import type { Db } from "./database.server";

/**
 * The next number of a year's series (`Q-2026-0001`, `SO-2026-0001`): one upsert that raises the year's counter and
 * returns it, so two instances numbering at once get two numbers on both engines, and a transaction rolled back
 * gives its number back. `table` is the series' counter (one row per year).
 */
export async function nextYearlyNumber(
  db: Db,
  table: "quote_numbers" | "order_numbers",
  prefix: string,
  year: number,
): Promise<string> {
  const row = await db
    .insertInto(table)
    .values({ year, last: 1 })
    .onConflict((conflict) => conflict.column("year").doUpdateSet((eb) => ({ last: eb(`${table}.last`, "+", 1) })))
    .returning("last")
    .executeTakeFirstOrThrow();
  return `${prefix}-${year}-${String(row.last).padStart(4, "0")}`;
}

/** The next number of a document series (`CI-2026-0001`, `PL-2026-0001`): one counter per series and year. */
export async function nextDocumentNumber(db: Db, series: string, year: number): Promise<string> {
  const row = await db
    .insertInto("document_numbers")
    .values({ series, year, last: 1 })
    .onConflict((conflict) =>
      conflict.columns(["series", "year"]).doUpdateSet((eb) => ({ last: eb("document_numbers.last", "+", 1) })),
    )
    .returning("last")
    .executeTakeFirstOrThrow();
  return `${series}-${year}-${String(row.last).padStart(4, "0")}`;
}
