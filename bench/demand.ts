// npm run bench:demand — the Demand screen (/admin/demand, ADR 0040 and 0056) over 100,000 counted events: that many
// rows of `demand_daily` (each a product, country, event and day of the last 90, with a count of 1 to 20) for 500
// products in 40 countries, and the deals it reads from the records (ADR 0056): BENCH_REQUESTS quote and sample
// requests (default 5,000, one to three products each) and BENCH_QUOTES quotes (default 1,000, some revised, a quarter
// accepted), served by the real server (`scripts/start.mjs`, production build, built first when stale) to a
// signed-in administrator. Requests are sequential (a latency figure). Goal (issue 28): under 1 s on SQLite.
// BENCH_EVENTS (default 100000) and BENCH_PRODUCTS (default 500) change the seed; SQLite in a temporary folder, or,
// when BENCH_DATABASE_URL is set, a throw-away schema on that PostgreSQL server (dropped afterwards). The seeded rows
// of the four deal events are what the desk and the intake wrote before issue 41: the screen reads them no more.
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { saveAccount } from "../app/features/auth/save-account.server";
import { createSession } from "../app/features/auth/session.server";
import { addDemandCounts, type DemandCount, type DemandEvent } from "../app/features/demand/demand-counts.server";
import { demandReport } from "../app/features/demand/demand-report.server";
import { FUNNEL } from "../app/features/demand/funnel";
import { countryName } from "../app/lib/country";
import { DAY_MS, newId, utcDate } from "../app/lib/time";
import { addBigCategory } from "./support/big-category";
import { openBenchDatabase } from "./support/bench-database";
import { median, printTable } from "./support/report";
import { startSite, stopSite } from "./support/site";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 1_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
const DAYS = 90;
const COUNTRIES = (
  "IN AE SA MY ID BD LK NP GB US DE NL FR ES IT RU VN TH SG QA KW OM BH EG JO LB TR IR PK " +
  "CN JP KR AU NZ CA MX BR ZA NG KE"
)
  .split(" ")
  .concat([""]);
const TIMED_REQUESTS = 10;
const ADMIN = { email: "bench-demand@example.com", password: "bench-demand-password-1", role: "admin" as const };

const bench = await openBenchDatabase("demand");

/** A small deterministic generator (mulberry32): the same seed every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let child: ChildProcess | undefined;
try {
  const { db } = bench;
  const category = await addBigCategory(db, { slug: "bench-demand", name: "Bench Demand", count: PRODUCTS });
  const productIds = (
    await db.selectFrom("products").select("id").where("category_id", "=", category.id).execute()
  ).map((row) => row.id);

  // Distinct (day, product, country, event) keys: views most often, then fewer at each step of the funnel.
  const weights: Record<DemandEvent, number> = {
    view: 50,
    download: 15,
    add: 12,
    request: 10,
    sample: 5,
    quote: 5,
    won: 3,
  };
  const pick = random(28);
  const events = FUNNEL.flatMap((event) => Array<DemandEvent>(weights[event]).fill(event));
  const today = Date.now();
  const keys = new Set<string>();
  const counts: DemandCount[] = [];
  while (counts.length < EVENTS) {
    const day = utcDate(today - Math.floor(pick() * DAYS) * DAY_MS);
    const productId = productIds[Math.floor(pick() * productIds.length)];
    const country = COUNTRIES[Math.floor(pick() * COUNTRIES.length)];
    const event = events[Math.floor(pick() * events.length)];
    const key = `${day}|${productId}|${country}|${event}`;
    if (keys.has(key)) continue;
    keys.add(key);
    counts.push({ day, productId, country, event, count: 1 + Math.floor(pick() * 20) });
  }
  const seedStarted = performance.now();
  await addDemandCounts(db, counts);
  await seedDeals(db, productIds, pick, today);
  const seedMs = performance.now() - seedStarted;
  const total = counts.reduce((sum, count) => sum + count.count, 0);

  // The screen's two queries alone, in this process.
  const queryTimes: number[] = [];
  for (let i = 0; i < TIMED_REQUESTS + 2; i++) {
    const started = performance.now();
    await demandReport(db, { days: 90, country: null, page: 1 }, Date.now());
    if (i >= 2) queryTimes.push(performance.now() - started);
  }
  const { id: userId } = await saveAccount(db, ADMIN);
  const cookie = `session=${await createSession(db, userId)}`;
  await bench.close();

  const site = await startSite({
    ...bench.siteEnv,
    PUBLIC_URL: "",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
  });
  child = site.child;
  const get = async (pathname: string) => {
    const started = performance.now();
    const response = await fetch(site.origin + pathname, { headers: { Cookie: cookie }, redirect: "manual" });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    if (!/<h1[^>]*>Demand<\/h1>/.test(body)) throw new Error(`${pathname}: not the Demand screen`);
    return { bytes: Buffer.byteLength(body), ms: performance.now() - started };
  };
  const timed = async (pathname: string) => {
    for (let i = 0; i < 2; i++) await get(pathname); // warm up
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < TIMED_REQUESTS; i++) {
      const answer = await get(pathname);
      times.push(answer.ms);
      bytes = answer.bytes;
    }
    return { times, bytes };
  };
  const rows: [string, string][] = [
    ["database", bench.engine],
    [
      "seeded",
      `${EVENTS.toLocaleString("en-US")} rows (${total.toLocaleString("en-US")} events) over ${DAYS} days, ${PRODUCTS} products, ${COUNTRIES.length} countries; ${REQUESTS.toLocaleString("en-US")} requests, ${QUOTES.toLocaleString("en-US")} quotes; in ${(seedMs / 1000).toFixed(1)} s`,
    ],
    ["the screen's queries, 90 days (in process)", ms(queryTimes)],
  ];
  let worst = 0;
  for (const pathname of ["/admin/demand", "/admin/demand?days=90", "/admin/demand?days=90&country=IN"]) {
    const { times, bytes } = await timed(pathname);
    worst = Math.max(worst, ...times);
    rows.push([`GET ${pathname}`, `${ms(times)}, ${(bytes / 1024).toFixed(0)} KB of HTML`]);
  }
  rows.push(["slowest answer", `${worst.toFixed(0)} ms (goal: under 1000 ms) ${worst < 1000 ? "✓" : "✗"}`]);
  printTable(rows);
  console.log(`(load average now: ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores)`);
} finally {
  await stopSite(child);
  await bench.remove();
}

function ms(times: number[]) {
  return `${median(times).toFixed(1)} ms median of ${times.length} (max ${Math.max(...times).toFixed(1)})`;
}

/**
 * The deals Demand reads from the records (ADR 0056): quote and sample requests with their lines, and quotes (a
 * third revised once, a quarter accepted) with theirs, over the period, in the seed's countries.
 */
async function seedDeals(db: typeof bench.db, productIds: string[], pick: () => number, today: number) {
  const at = () => new Date(today - Math.floor(pick() * DAYS * DAY_MS)).toISOString();
  const productsOf = () => {
    const chosen = new Set<string>();
    const count = 1 + Math.floor(pick() * 3);
    while (chosen.size < count) chosen.add(productIds[Math.floor(pick() * productIds.length)]!);
    return [...chosen];
  };
  const country = () => COUNTRIES[Math.floor(pick() * COUNTRIES.length)]!;
  for (let start = 0; start < REQUESTS; start += 200) {
    const inquiries = [];
    const lines = [];
    for (let i = start; i < Math.min(REQUESTS, start + 200); i++) {
      const id = newId();
      const created = at();
      const code = country();
      const kind = i % 6 === 5 ? ("sample" as const) : ("quote" as const);
      inquiries.push({
        id,
        kind,
        full_name: `Buyer ${i}`,
        email: `buyer-${i}@bench.example`,
        phone: "",
        subject: "Quote request",
        message: "",
        product_name: null,
        page_path: null,
        ip_hash: "0".repeat(64),
        status: i % 40 === 0 ? ("spam" as const) : ("new" as const),
        notified_at: null,
        notify_error: null,
        country: code ? countryName(code) : "Somewhere",
        country_code: code,
        created_at: created,
        updated_at: created,
      });
      for (const [position, productId] of (kind === "sample" ? productsOf().slice(0, 1) : productsOf()).entries())
        lines.push({
          id: newId(),
          inquiry_id: id,
          position,
          product_id: productId,
          product_name: "Product",
          quantity: "1",
          unit: "MT",
          grade: null,
          packaging: null,
        });
    }
    await db.insertInto("inquiries").values(inquiries).execute();
    await db.insertInto("inquiry_lines").values(lines).execute();
  }
  for (let start = 0; start < QUOTES; start += 200) {
    const quotes = [];
    const lines = [];
    for (let i = start; i < Math.min(QUOTES, start + 200); i++) {
      const number = `Q-2026-${String(i + 1).padStart(5, "0")}`;
      const buyerCountry = countryName(country());
      const products = productsOf();
      const revisions = i % 3 === 0 ? 2 : 1;
      for (let revision = 1; revision <= revisions; revision++) {
        const id = newId();
        const sent = at();
        const last = revision === revisions;
        quotes.push({
          id,
          number,
          revision,
          inquiry_id: null,
          status: !last ? ("superseded" as const) : i % 4 === 0 ? ("accepted" as const) : ("sent" as const),
          buyer_name: `Buyer ${i}`,
          buyer_email: `buyer-${i}@bench.example`,
          buyer_country: buyerCountry,
          incoterm: "FOB",
          valid_until: "2099-12-31",
          token: null,
          sent_at: sent,
          sent_by_id: null,
          sent_by_name: null,
          viewed_at: null,
          responded_at: last && i % 4 === 0 ? sent : null,
          response_note: null,
          response_ip: null,
          created_by_id: null,
          created_at: sent,
          updated_at: sent,
        });
        for (const [position, productId] of products.entries())
          lines.push({
            id: newId(),
            quote_id: id,
            position,
            product_id: productId,
            product_name: "Product",
            grade: null,
            packaging: null,
            quantity: "1",
            unit: "MT",
            unit_price_minor: 100_000,
            line_total_minor: 100_000,
          });
      }
    }
    await db.insertInto("quotes").values(quotes).execute();
    await db.insertInto("quote_lines").values(lines).execute();
  }
}
