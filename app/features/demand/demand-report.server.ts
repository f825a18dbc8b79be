import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { addDays, utcDate } from "~/lib/time";
import { isCountryCode } from "./country";
import { DEMAND_PAGE_SIZE, type DemandEvent, type DemandPeriod, emptyFunnel, FUNNEL, type Funnel } from "./funnel";

// The Demand screen's figures (/admin/demand, ADR 0040): per product and per country, the funnel from views to won
// over the last 30 or 90 UTC days, read from `demand_daily` in two grouped queries whatever the number of rows.

export interface DemandQuery {
  days: DemandPeriod;
  /** Only this country's counts ('' the unknown country), or every country's (null). */
  country: string | null;
  page: number;
}

/** The screen's query string: `days` (30 or 90, else 30), `country` (an ISO code or `unknown`), `page`. */
export function parseDemandQuery(url: URL): DemandQuery {
  const params = url.searchParams;
  const days = Number(params.get("days")) === 90 ? 90 : 30;
  const given = params.get("country")?.trim().toUpperCase() ?? "";
  const country = given === "UNKNOWN" ? "" : isCountryCode(given) ? given : null;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  return { days, country, page };
}

export interface ProductDemand {
  productId: string;
  /** Null when the product has since been deleted. */
  name: string | null;
  funnel: Funnel;
}

export interface DemandReport {
  /** The first and last UTC day counted. */
  from: string;
  to: string;
  /** The funnel over every product (of the country filtered to). */
  totals: Funnel;
  /** One page of the products, most viewed first (then most requested). */
  products: ProductDemand[];
  productCount: number;
  /** Every country with counts in the period, most viewed first; unfiltered, so that any may be chosen. */
  countries: Array<{ country: string; funnel: Funnel }>;
}

/** Rows `[key, event, total]` into a funnel per key, in first-seen order. */
function funnels(rows: Array<{ key: string; event: DemandEvent; total: number | string | bigint | null }>) {
  const byKey = new Map<string, Funnel>();
  for (const row of rows) {
    let funnel = byKey.get(row.key);
    if (!funnel) byKey.set(row.key, (funnel = emptyFunnel()));
    // PostgreSQL's sum of integers is a bigint, which the driver hands over as a string.
    funnel[row.event] += Number(row.total ?? 0);
  }
  return byKey;
}

const byDemand = (a: Funnel, b: Funnel) =>
  b.view - a.view || b.request - a.request || b.add - a.add || b.download - a.download || b.won - a.won;

/** What the Demand screen shows for `query`, up to `today` (a UTC day, YYYY-MM-DD). */
export async function demandReport(db: Db, query: DemandQuery, now: number): Promise<DemandReport> {
  const to = utcDate(now);
  const from = addDays(to, -(query.days - 1));
  // `day || ''` keeps both engines off the primary key's range on the day (which looks up every row of the period and
  // sorts them into groups): each sum walks its own index (migration 0017) in group order and reads nothing else.
  const day = sql<string>`demand_daily.day || ''`;
  const inPeriod = db.selectFrom("demand_daily").where(day, ">=", from).where(day, "<=", to);
  const [productRows, countryRows] = await Promise.all([
    (query.country === null ? inPeriod : inPeriod.where("country", "=", query.country))
      .select((eb) => ["product_id as key", "event", eb.fn.sum<number>("count").as("total")])
      .groupBy(["product_id", "event"])
      .execute(),
    inPeriod
      .select((eb) => ["country as key", "event", eb.fn.sum<number>("count").as("total")])
      .groupBy(["country", "event"])
      .execute(),
  ]);

  const totals = emptyFunnel();
  const all = [...funnels(productRows)].map(([productId, funnel]) => {
    for (const event of FUNNEL) totals[event] += funnel[event];
    return { productId, funnel };
  });
  all.sort((a, b) => byDemand(a.funnel, b.funnel) || (a.productId < b.productId ? -1 : 1));
  const pageOf = all.slice((query.page - 1) * DEMAND_PAGE_SIZE, query.page * DEMAND_PAGE_SIZE);
  const names = new Map(
    pageOf.length
      ? (
          await db
            .selectFrom("products")
            .select(["id", "name"])
            .where(
              "id",
              "in",
              pageOf.map((row) => row.productId),
            )
            .execute()
        ).map((row) => [row.id, row.name])
      : [],
  );
  const countries = [...funnels(countryRows)].map(([country, funnel]) => ({ country, funnel }));
  countries.sort((a, b) => byDemand(a.funnel, b.funnel) || (a.country < b.country ? -1 : 1));
  return {
    from,
    to,
    totals,
    products: pageOf.map((row) => ({ ...row, name: names.get(row.productId) ?? null })),
    productCount: all.length,
    countries,
  };
}
