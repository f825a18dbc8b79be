// npm run bench:demand — the Demand screen (/admin/demand, ADR 0040) over 100,000 counted events: that many rows of
// `demand_daily` (each a product, country, event and day of the last 90, with a count of 1 to 20) for 500 products in
// 40 countries, served by the real server (`scripts/start.mjs`, production build, built first when stale) to a
// signed-in administrator. Requests are sequential (a latency figure). Goal (issue 28): under 1 s on SQLite.
// BENCH_EVENTS (default 100000) and BENCH_PRODUCTS (default 500) change the seed; SQLite in a temporary folder, or,
// when BENCH_DATABASE_URL is set, a throw-away schema on that PostgreSQL server (dropped afterwards).
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import { saveAccount } from "../app/features/auth/save-account.server";
import { createSession } from "../app/features/auth/session.server";
import { addDemandCounts, type DemandCount, type DemandEvent } from "../app/features/demand/demand-counts.server";
import { demandReport } from "../app/features/demand/demand-report.server";
import { FUNNEL } from "../app/features/demand/funnel";
import { DAY_MS, utcDate } from "../app/lib/time";
import { addBigCategory } from "./support/big-category";
import { openBenchDatabase } from "./support/bench-database";
import { median, printTable } from "./support/report";
import { startSite, stopSite } from "./support/site";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
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
      `${EVENTS.toLocaleString("en-US")} rows (${total.toLocaleString("en-US")} events) over ${DAYS} days, ${PRODUCTS} products, ${COUNTRIES.length} countries, in ${(seedMs / 1000).toFixed(1)} s`,
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
