// npm run bench:catalogue — a category of 10,000 products (what a 50,000-row CSV import leaves) served by the real
// server (`scripts/start.mjs`, production build, built first when stale): the category page's size and time, the
// sitemap's files, and the server's memory around 200 page requests. Requests are sequential (a latency figure;
// throughput is for a load tool such as wrk). SQLite in a temporary folder, or, when BENCH_DATABASE_URL is set, a
// throw-away schema on that PostgreSQL server (dropped afterwards; nothing else on the server is touched).
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { addBigCategory } from "./support/big-category";
import { openBenchDatabase } from "./support/bench-database";
import { mb, median, printTable } from "./support/report";
import { startSite, stopSite } from "./support/site";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const TIMED_REQUESTS = 20;
const MEMORY_REQUESTS = 200;

const bench = await openBenchDatabase("catalogue");
const { db } = bench;
const t0 = performance.now();
// Image paths as a CSV import stores them, so the cards are as long as real ones.
await addBigCategory(db, {
  slug: "red-onions",
  name: "Red Onions",
  count: PRODUCTS,
  imageUrl: "/media/application-assets/public/products/red-onion/red-onion-abcdefgh.jpg",
});
const insertMs = performance.now() - t0;
await bench.close();

// Started inside the try, so a server that fails to start still leaves no schema or folder behind.
let child: ChildProcess | undefined;
try {
  const site = await startSite({
    ...bench.siteEnv,
    PUBLIC_URL: "",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    // Rendering is what is measured: without the page cache unless PAGE_CACHE=on is given.
    PAGE_CACHE: process.env.PAGE_CACHE ?? "off",
  });
  child = site.child;
  const { origin } = site;
  const get = async (pathname: string) => {
    const started = performance.now();
    const response = await fetch(origin + pathname);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    return { bytes: Buffer.byteLength(body), ms: performance.now() - started, body };
  };
  const category = "/products/red-onions";
  for (let i = 0; i < 3; i++) await get(category); // warm up: module caches, the image check, the database's pages

  const rssBefore = rss(child.pid!);
  const first = await get(category);
  const firstTimes = [];
  for (let i = 0; i < TIMED_REQUESTS; i++) firstTimes.push((await get(category)).ms);
  const lastPage = Math.ceil(PRODUCTS / 24);
  const deepPage = Math.min(200, lastPage);
  const deep = await get(`${category}?page=${deepPage}`);
  const deepTimes = [];
  for (let i = 0; i < TIMED_REQUESTS; i++) deepTimes.push((await get(`${category}?page=${deepPage}`)).ms);

  // For scale: a small page of the same site on the same machine at the same moment.
  const referenceTimes = [];
  for (let i = 0; i < TIMED_REQUESTS; i++) referenceTimes.push((await get("/our-products")).ms);

  const index = await get("/sitemap.xml");
  const files = [];
  for (const [, loc] of index.body.matchAll(/<loc>([^<]*)<\/loc>/g)) {
    const file = await get(new URL(loc).pathname);
    files.push({ path: new URL(loc).pathname, urls: file.body.match(/<url>/g)?.length ?? 0, ...file });
  }

  // 200 requests over 200 different pages (each a different OFFSET), then the memory they left.
  const started = performance.now();
  for (let i = 0; i < MEMORY_REQUESTS; i++)
    await get(`${category}${i % lastPage ? `?page=${(i % lastPage) + 1}` : ""}`);
  const loopSeconds = (performance.now() - started) / 1000;
  const rssAfter = rss(child.pid!);

  const kb = (bytes: number) => `${bytes.toLocaleString("en-US")} B (${(bytes / 1024).toFixed(1)} KB)`;
  const ms = (times: number[]) =>
    `${median(times).toFixed(1)} ms median of ${times.length} (min ${Math.min(...times).toFixed(1)})`;
  const rows: [string, string][] = [
    ["database, page cache", `${bench.engine}, page cache ${process.env.PAGE_CACHE ?? "off"}`],
    ["products in the category", `${PRODUCTS.toLocaleString("en-US")} (inserted in ${(insertMs / 1000).toFixed(1)} s)`],
    ["category page 1: HTML", kb(first.bytes)],
    ["category page 1: time", ms(firstTimes)],
    [`category page ${deepPage}: HTML`, kb(deep.bytes)],
    [`category page ${deepPage}: time`, ms(deepTimes)],
    ["reference: /our-products time", ms(referenceTimes)],
    ["sitemap index: XML", `${kb(index.bytes)}, ${files.length} files`],
    ...files.map((f): [string, string] => [`  ${f.path}`, `${f.urls.toLocaleString("en-US")} URLs, ${kb(f.bytes)}`]),
    [
      `${MEMORY_REQUESTS} sequential page requests`,
      `${loopSeconds.toFixed(2)} s (${(MEMORY_REQUESTS / loopSeconds).toFixed(0)} req/s on one connection)`,
    ],
    ["server RSS before → after", `${mb(rssBefore)} → ${mb(rssAfter)}`],
  ];
  printTable(rows);
} finally {
  await stopSite(child);
  await bench.remove();
}

/** Resident memory of a process, in bytes (Linux). */
function rss(pid: number) {
  const kib = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)?.[1];
  return Number(kib) * 1024;
}
