// npm run bench:catalogue — how cost grows with the catalogue (issue 42): one category of BENCH_PRODUCTS products
// (a comma-separated list of sizes, 10,000 and 100,000 by default; a 50,000-row CSV import leaves 10,000 in one
// category) served by the real server (`scripts/start.mjs`, production build, built first when stale). For each size,
// each operation a visitor or the back office can ask for: the category's pages, the product page, the sitemap index
// and its files, the admin product list and its search, the CSV export and the catalogue PDF, with its time (median of
// a few sequential requests: a latency figure, not throughput), the server's peak resident memory above what it held
// before (VmHWM, reset before each operation) and the bytes sent; then the sizes side by side with their ratio. What a
// page shows is the same at every size, so its time and memory should not grow; an export grows in bytes and time but
// streams, so its memory should not. SQLite in a temporary folder, or, when BENCH_DATABASE_URL is set, a throw-away
// schema on that PostgreSQL server (dropped afterwards; nothing else on the server is touched).
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { saveAccount } from "../app/features/auth/save-account.server";
import { createSession } from "../app/features/auth/session.server";
import { addBigCategory } from "./support/big-category";
import { openBenchDatabase } from "./support/bench-database";
import { mb, median } from "./support/report";
import { coresLine, pinThisProcess } from "./support/cores";
import { startSite, stopSite } from "./support/site";

// The server runs on its own core (startSite), and this process, which sends the requests, on another.
pinThisProcess();

const SIZES = (process.env.BENCH_PRODUCTS ?? "10000,100000").split(",").map(Number);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 7);
/** The admin list's page size (app/lib/web/list-query.ts) and the category's (products.server.ts). */
const ADMIN_PAGE = 25;
const CATEGORY_PAGE = 24;
const ADMIN = { email: "bench-catalogue@example.com", password: "bench-catalogue-password-1", role: "admin" as const };

interface Measure {
  /** Median time of the timed requests. */
  ms: number;
  /** The server's peak resident memory during them, above its resident memory just before. */
  peak: number;
  /** Bytes of one answer's body. */
  bytes: number;
}

async function measureAt(products: number) {
  const bench = await openBenchDatabase("catalogue");
  const { db } = bench;
  const t0 = performance.now();
  // Image paths as a CSV import stores them, so the cards are as long as real ones.
  await addBigCategory(db, {
    slug: "red-onions",
    name: "Red Onions",
    count: products,
    imageUrl: "/media/application-assets/public/products/red-onion/red-onion-abcdefgh.jpg",
  });
  const insertMs = performance.now() - t0;
  const { id: userId } = await saveAccount(db, ADMIN);
  const cookie = `session=${await createSession(db, userId)}`;
  await bench.close();

  const results = new Map<string, Measure>();
  let child: ChildProcess | undefined;
  // Started inside the try, so a server that fails to start still leaves no schema or folder behind.
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
    const pid = child.pid!;
    /** One request; the body is counted as it arrives, never held (a 100,000-row export is tens of MB). */
    const get = async (pathname: string, keep = false) => {
      const started = performance.now();
      const response = await fetch(site.origin + pathname, { headers: { Cookie: cookie }, redirect: "manual" });
      if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
      let bytes = 0;
      const chunks: Uint8Array[] = [];
      for await (const chunk of response.body!) {
        bytes += chunk.byteLength;
        if (keep) chunks.push(chunk);
      }
      return { ms: performance.now() - started, bytes, body: keep ? Buffer.concat(chunks).toString("utf8") : "" };
    };
    const measure = async (name: string, pathname: string, check?: (body: string) => void, repeat = REPEAT) => {
      const first = await get(pathname, true); // warm up: module caches, the database's pages
      check?.(first.body);
      resetPeak(pid);
      const before = status(pid, "VmRSS");
      const times = [];
      for (let i = 0; i < repeat; i++) times.push((await get(pathname)).ms);
      results.set(name, { ms: median(times), peak: status(pid, "VmHWM") - before, bytes: first.bytes });
      return first.body;
    };
    const cards = (body: string) => body.match(/href="\/products\/red-onions\/red-onions-\d+"/g)?.length ?? 0;
    const expectCards = (n: number) => (body: string) => {
      // Each card links its product twice at most (picture and name); at least once.
      if (cards(body) < n) throw new Error(`expected ${n} product cards, found ${cards(body)}`);
    };
    const rows = (body: string) => body.match(/\/admin\/manage-products\/edit\//g)?.length ?? 0;
    const expectRows = (n: number) => (body: string) => {
      if (rows(body) < n) throw new Error(`expected ${n} admin rows, found ${rows(body)}`);
    };

    const category = "/products/red-onions";
    const lastCategoryPage = Math.ceil(products / CATEGORY_PAGE);
    await measure("category page 1", category, expectCards(CATEGORY_PAGE));
    // Page 200 as the existing figures had it: an OFFSET of 4,776 at every size.
    await measure("category page 200", `${category}?page=${Math.min(200, lastCategoryPage)}`, expectCards(1));
    await measure(`category last page`, `${category}?page=${lastCategoryPage}`, expectCards(1));
    await measure("product page", `${category}/red-onions-00001`);

    const index = await measure("sitemap index", "/sitemap.xml");
    const files = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
    const productFiles = files.filter((f) => f.includes("products-"));
    await measure("sitemap pages file", files[0]);
    await measure("sitemap first products file", productFiles[0], undefined, 3);
    await measure("sitemap last products file", productFiles.at(-1)!, undefined, 3);

    const admin = "/admin/manage-products";
    await measure("admin list page 1", admin, expectRows(ADMIN_PAGE));
    await measure("admin list last page", `${admin}?page=${Math.ceil(products / ADMIN_PAGE)}`, expectRows(1));
    await measure("admin search, 1-2 hits", `${admin}?q=00042`, expectRows(1));
    await measure("admin search, every product", `${admin}?q=onions`, expectRows(ADMIN_PAGE));
    await measure("admin search, no hit", `${admin}?q=no+such+product`);

    await measure("CSV export", `${admin}/export`, undefined, 3);
    await measure("catalogue PDF", "/catalogue.pdf", undefined, 3);
    return { products, insertMs, engine: bench.engine, files: files.length, results };
  } finally {
    await stopSite(child);
    await bench.remove();
  }
}

/** A field of /proc/<pid>/status in bytes (Linux): VmRSS now, VmHWM the peak since the last reset. */
function status(pid: number, field: "VmRSS" | "VmHWM") {
  const kib = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1];
  return Number(kib) * 1024;
}

/** Resets a process's peak resident memory (VmHWM) to its current one (Linux 4.0+, our own child). */
function resetPeak(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

const runs: Array<Awaited<ReturnType<typeof measureAt>>> = [];
for (const size of SIZES) runs.push(await measureAt(size));

const n = (v: number) => v.toLocaleString("en-US");
const kb = (bytes: number) => (bytes < 10_240 ? `${n(bytes)} B` : `${n(Math.round(bytes / 1024))} KB`);
const ratio = (a: number, b: number) => (a > 0 ? `${(b / a).toFixed(2)} ×` : "–");
const [small, big] = [runs[0], runs.at(-1)!];
const head = (what: string) => runs.map((r) => `${what} ${n(r.products / 1000)}k`);
const lines = [
  ["operation", ...head("time"), "×", ...head("peak RSS +"), "×", ...head("bytes"), "×"],
  ...[...small.results.keys()].map((name) => {
    const all = runs.map((r) => r.results.get(name)!);
    const [a, b] = [all[0], all.at(-1)!];
    return [
      name,
      ...all.map((m) => `${m.ms.toFixed(1)} ms`),
      ratio(a.ms, b.ms),
      ...all.map((m) => mb(m.peak)),
      ratio(Math.max(a.peak, 1 << 20), Math.max(b.peak, 1 << 20)),
      ...all.map((m) => kb(m.bytes)),
      ratio(a.bytes, b.bytes),
    ];
  }),
];
const widths = lines[0].map((_, i) => Math.max(...lines.map((line) => line[i].length)));
const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
console.log(
  `\n${small.engine}, page cache ${process.env.PAGE_CACHE ?? "off"}, median of ${REPEAT} sequential requests ` +
    `(3 for the sitemap's product files, the export and the PDF); peak RSS + = the server's VmHWM above its RSS ` +
    `before the operation (under 1 MB counts as 1 MB in the ratio)`,
);
for (const r of runs)
  console.log(
    `${n(r.products)} products inserted in ${(r.insertMs / 1000).toFixed(1)} s; the sitemap index lists ${r.files} files`,
  );
console.log(`\n${row(lines[0])}\n| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
for (const line of lines.slice(1)) console.log(row(line));
if (big === small) console.log("(one size: give BENCH_PRODUCTS=10000,100000 for the ratios)");
console.log(coresLine());
