import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { countryCodeOf, isCountryCode } from "~/lib/country";
import { addDays } from "~/lib/time";
import { type DemandWeek, siteDay, siteDayStart, weekIndexByDay, weeksOf } from "./demand-days";
import {
  COUNTED_EVENTS,
  DEMAND_PAGE_SIZE,
  type DemandEvent,
  type DemandPeriod,
  emptyFunnel,
  type Funnel,
} from "./funnel";

// The Demand screen's figures (/admin/demand, ADR 0040 and 0056): per product, per country and per week, the funnel
// from views to won over the last 30 or 90 days of the site's time zone. Views, downloads and adds are the visitors'
// counts of `demand_daily`; requests, samples, quotes and won are read from the inquiries and quotes themselves, each
// deal once in the totals, the countries and the weeks, and once per product it names in the product rows.

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
  /** The first and last day counted, in the site's time zone (`timeZone`). */
  from: string;
  to: string;
  timeZone: string;
  /** The funnel over every product (of the country filtered to): each deal once. */
  totals: Funnel;
  /** One page of the products, most viewed first (then most requested); a deal once per product it names. */
  products: ProductDemand[];
  productCount: number;
  /** Every country with counts in the period, most viewed first; unfiltered, so that any may be chosen. */
  countries: Array<{ country: string; funnel: Funnel }>;
  /** The funnel per week (Monday to Sunday, the first and last cut to the period), of the country filtered to. */
  weeks: Array<DemandWeek & { funnel: Funnel }>;
}

type Sum = number | string | bigint | null;

const byDemand = (a: Funnel, b: Funnel) =>
  b.view - a.view || b.request - a.request || b.add - a.add || b.download - a.download || b.won - a.won;

/** The funnel kept under `key`, made when first asked for. */
function funnelOf<K>(map: Map<K, Funnel>, key: K): Funnel {
  let funnel = map.get(key);
  if (!funnel) map.set(key, (funnel = emptyFunnel()));
  return funnel;
}

/** What the Demand screen shows for `query` at the moment `now`. */
export async function demandReport(db: Db, query: DemandQuery, now: number): Promise<DemandReport> {
  const timeZone = await siteTimeZone(db);
  const to = siteDay(now, timeZone);
  const from = addDays(to, -(query.days - 1));
  const weeks = weeksOf(from, to);
  const wanted = (country: string) => query.country === null || country === query.country;

  const [counted, deals] = await Promise.all([
    countedByVisitors(db, query, from, to),
    readDeals(db, query, weeks, timeZone),
  ]);

  const byProduct = new Map<string, Funnel>();
  const byCountry = new Map<string, Funnel>();
  const byWeek = weeks.map(() => emptyFunnel());
  const totals = emptyFunnel();
  for (const row of counted.products) funnelOf(byProduct, row.productId)[row.event] += row.total;
  const weekOfDay = weekIndexByDay(weeks);
  for (const row of counted.countries) {
    funnelOf(byCountry, row.country)[row.event] += row.total;
    if (!wanted(row.country)) continue;
    totals[row.event] += row.total;
    const week = weekOfDay.get(row.day);
    if (week !== undefined) byWeek[week]![row.event] += row.total;
  }
  for (const group of deals.groups) {
    funnelOf(byCountry, group.country)[group.event] += group.count;
    if (!wanted(group.country)) continue;
    totals[group.event] += group.count;
    byWeek[group.week]![group.event] += group.count;
  }
  for (const row of deals.products) funnelOf(byProduct, row.productId)[row.event] += row.count;

  const all = [...byProduct].map(([productId, funnel]) => ({ productId, funnel }));
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
  const countries = [...byCountry].map(([country, funnel]) => ({ country, funnel }));
  countries.sort((a, b) => byDemand(a.funnel, b.funnel) || (a.country < b.country ? -1 : 1));
  return {
    from,
    to,
    timeZone,
    totals,
    products: pageOf.map((row) => ({ ...row, name: names.get(row.productId) ?? null })),
    productCount: all.length,
    countries,
    weeks: weeks.map((week, i) => ({ ...week, funnel: byWeek[i]! })),
  };
}

/**
 * The visitors' counts of the period (views, downloads, adds): per product (of the country filtered to), and per
 * country and day. `day || ''` keeps both engines off the primary key's range on the day (which looks up every row
 * of the period and sorts them into groups): each sum walks its own index (migration 0017) in group order.
 */
async function countedByVisitors(db: Db, query: DemandQuery, from: string, to: string) {
  const day = sql<string>`demand_daily.day || ''`;
  const inPeriod = db
    .selectFrom("demand_daily")
    .where(day, ">=", from)
    .where(day, "<=", to)
    .where("event", "in", COUNTED_EVENTS);
  const [products, countries] = await Promise.all([
    (query.country === null ? inPeriod : inPeriod.where("country", "=", query.country))
      .select((eb) => ["product_id", "event", eb.fn.sum<Sum>("count").as("total")])
      .groupBy(["product_id", "event"])
      .execute(),
    inPeriod
      .select((eb) => ["country", "event", "day", eb.fn.sum<Sum>("count").as("total")])
      .groupBy(["country", "event", "day"])
      .execute(),
  ]);
  // PostgreSQL's sum of integers is a bigint, which the driver hands over as a string.
  return {
    products: products.map((row) => ({ productId: row.product_id, event: row.event, total: Number(row.total ?? 0) })),
    countries: countries.map((row) => ({
      country: row.country,
      event: row.event,
      day: row.day,
      total: Number(row.total ?? 0),
    })),
  };
}

/** Deals of the period of one kind, country and week; per product, how many name it (of the country filtered to). */
interface Deals {
  groups: Array<{ event: DemandEvent; country: string; week: number; count: number }>;
  products: Array<{ productId: string; event: DemandEvent; count: number }>;
}

/**
 * The deals of the period, each once: quote and sample requests (inquiries, spam aside; the buyer's country code),
 * quotes sent (a quote's number, whichever of its revisions were sent in the period, in the week of the first) and
 * quotes won (the accepted revision, in the week it was accepted), with the products each names. A quote's country
 * is the buyer's as written on it, read as a code.
 */
async function readDeals(db: Db, query: DemandQuery, weeks: DemandWeek[], timeZone: string): Promise<Deals> {
  // Each week's first moment, and the period's end: a record's week is the last start at or before it.
  const starts = weeks.map((week) => siteDayStart(week.from, timeZone));
  const start = starts[0]!;
  const end = siteDayStart(addDays(weeks.at(-1)!.to, 1), timeZone);
  const inPeriod = (at: string | null): at is string => !!at && at >= start && at < end;
  const weekOf = (at: string) => {
    let week = 0;
    while (week + 1 < starts.length && at >= starts[week + 1]!) week++;
    return week;
  };
  // Strangers send requests: counted in the database, by kind, country and week (a CASE over the weeks' starts).
  const week = sql<number>`case ${sql.join(
    starts.slice(1).map((at, i) => sql`when inquiries.created_at < ${at} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(starts.length - 1)} end`;
  const requests = db
    .selectFrom("inquiries")
    .where("inquiries.created_at", ">=", start)
    .where("inquiries.created_at", "<", end)
    .where("inquiries.kind", "in", ["quote", "sample"])
    .where("inquiries.status", "!=", "spam");
  const [inquiryGroups, lineGroups, quotes] = await Promise.all([
    requests
      .select((eb) => [
        "inquiries.kind",
        "inquiries.country_code",
        week.as("week_index"),
        eb.fn.countAll<string | number>().as("n"),
      ])
      // By the alias: PostgreSQL would not take the CASE again with its parameters numbered anew.
      .groupBy(["inquiries.kind", "inquiries.country_code", sql`week_index`])
      .execute(),
    (query.country === null ? requests : requests.where("inquiries.country_code", "=", query.country))
      .innerJoin("inquiry_lines", "inquiry_lines.inquiry_id", "inquiries.id")
      .where("inquiry_lines.product_id", "is not", null)
      .select((eb) => ["inquiry_lines.product_id", "inquiries.kind", eb.fn.countAll<string | number>().as("n")])
      .groupBy(["inquiry_lines.product_id", "inquiries.kind"])
      .execute(),
    // The team sends quotes: few enough to read each revision's lines.
    db
      .selectFrom("quotes")
      .leftJoin("quote_lines", "quote_lines.quote_id", "quotes.id")
      .select([
        "quotes.number",
        "quotes.buyer_country",
        "quotes.status",
        "quotes.sent_at",
        "quotes.responded_at",
        "quote_lines.product_id",
      ])
      .where((eb) =>
        eb.or([
          eb.and([eb("quotes.sent_at", ">=", start), eb("quotes.sent_at", "<", end)]),
          eb.and([
            eb("quotes.status", "=", "accepted"),
            eb("quotes.responded_at", ">=", start),
            eb("quotes.responded_at", "<", end),
          ]),
        ]),
      )
      .orderBy("quotes.sent_at")
      .orderBy("quotes.number")
      .execute(),
  ]);

  const eventOf = (kind: string): DemandEvent => (kind === "quote" ? "request" : "sample");
  const groups: Deals["groups"] = inquiryGroups.map((row) => ({
    event: eventOf(row.kind),
    country: row.country_code,
    week: Number(row.week_index),
    count: Number(row.n ?? 0),
  }));
  const products: Deals["products"] = lineGroups.map((row) => ({
    productId: row.product_id!,
    event: eventOf(row.kind),
    count: Number(row.n ?? 0),
  }));

  // A quote's number is one deal: sent once whatever its revisions, won once (one revision may be accepted); its
  // country is that of its first revision in the period, its products those of all.
  const quoteDeals = { quote: new Map<string, QuoteDeal>(), won: new Map<string, QuoteDeal>() };
  for (const row of quotes) {
    const moments = [
      ["quote", row.sent_at],
      ["won", row.status === "accepted" ? row.responded_at : null],
    ] as const;
    for (const [event, at] of moments) {
      if (!inPeriod(at)) continue;
      let deal = quoteDeals[event].get(row.number);
      if (!deal) {
        quoteDeals[event].set(row.number, (deal = { country: countryCodeOf(row.buyer_country), products: new Set() }));
        groups.push({ event, country: deal.country, week: weekOf(at), count: 1 });
      }
      if (row.product_id) deal.products.add(row.product_id);
    }
  }
  for (const event of ["quote", "won"] as const)
    for (const deal of quoteDeals[event].values())
      if (query.country === null || deal.country === query.country)
        for (const productId of deal.products) products.push({ productId, event, count: 1 });
  return { groups, products };
}

interface QuoteDeal {
  country: string;
  products: Set<string>;
}
