// npm run bench:http — requests per second and latency (wrk, 50 connections) of our server next to nginx and a bare
// Node `http` server serving the same bytes as our product page. Figures, not a test: nothing fails on a slow run.
// On a machine of two cores or more every server runs on the last core and wrk (-t1) on the first (support/cores.ts).
// Our server runs at the default log level (info: a line per request), and once more at LOG_LEVEL=warn so that the
// log's cost is a figure. Then a burst right after an administrator's save, and a signed-in administrator's pages.
// BENCH_SECONDS (default 10) per row, BENCH_CONNECTIONS (default 50), BENCH_BIG_CATEGORY (products in the big
// category, default 10000; 0 leaves the row out), BENCH_DISTINCT (distinct query strings sent at one page, default
// 20000; 0 leaves that part out). BENCH_HITS_ONLY=1 measures only bare Node, nginx and the cached pages (a run of a
// minute, for a quiet moment on a shared machine).
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "../app/db/database.server";
import { saveAccount } from "../app/features/auth/save-account.server";
import { raiseContentVersion } from "../app/features/page-cache/content-version.server";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { addBigCategory } from "./support/big-category";
import { coresLine, LOAD_CORE, onCore, PINNED, pinThisProcess, SERVER_CORE } from "./support/cores";
import { startSite, waitForOrigin } from "./support/site";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HITS_ONLY = process.env.BENCH_HITS_ONLY === "1";
/** wrk's threads: one on its own core when pinned (two would share it), two otherwise. */
const WRK_THREADS = PINNED ? "-t1" : "-t2";
/** The burst after an administrator's save lasts this long, whatever BENCH_SECONDS says (the figure). */
const BURST_SECONDS = 10;
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password-1", role: "admin" as const };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BIG_CATEGORY = HITS_ONLY ? 0 : Number(process.env.BENCH_BIG_CATEGORY ?? 10_000);
const UNCACHED_WARM_UP_SECONDS = 15;
const PRODUCT_PATH = "/products/fresh-onions/nashik-red-onion";
/** A browser's User-Agent (Chrome on Windows), which demand counting takes for a visitor's. */
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** The same product in Arabic, by its translated slugs (the demo's; issue 26: within 10% of the English page). */
const ARABIC_PRODUCT_PATH = encodeURI("/ar/products/بصل-طازج/بصل-ناشيك-الأحمر");
/** And in Bengali: some 300 characters once percent-encoded (issue 42: its hits once paid a route match each). */
const BENGALI_PRODUCT_PATH = encodeURI("/bn/products/তাজা-পেঁয়াজ/নাসিকের-লাল-পেঁয়াজ");
const DISTINCT = HITS_ONLY ? 0 : Number(process.env.BENCH_DISTINCT ?? 20_000);
/** The page cache's budget on the instance the distinct query strings are sent to: small, so it would fill. */
const DISTINCT_CACHE_MB = 8;
/** What the server may grow by beyond that budget while they are sent (buffers, the JIT, the heap's slack). */
const RSS_MARGIN_MB = 48;

const cleanups: (() => void)[] = [];
process.on("exit", () => cleanups.reverse().forEach((cleanup) => cleanup()));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

function aptInstall(command: string, pkg: string) {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
  } catch {
    console.log(`installing ${pkg}…`);
    execFileSync("apt-get", ["install", "-y", "-qq", pkg], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx serving `file` as text/html, with its own prefix, pid and logs in a temporary folder. */
async function startNginx(file: string): Promise<string> {
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-nginx-"));
  cleanups.push(() => fs.rmSync(prefix, { recursive: true, force: true }));
  // nginx's workers run as an unprivileged user when started as root: the page must be readable by anyone.
  fs.chmodSync(prefix, 0o755);
  const page = path.join(prefix, "page.html");
  fs.copyFileSync(file, page);
  fs.chmodSync(page, 0o644);
  fs.mkdirSync(path.join(prefix, "logs"));
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes ${PINNED ? 1 : "auto"};
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix};
  uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    location / { default_type text/html; root ${prefix}; try_files /page.html =404; }
  }
}
`,
  );
  const child = spawn(...onCore(SERVER_CORE, "nginx", ["-p", prefix, "-c", conf]), { stdio: "inherit" });
  cleanups.push(() => child.kill("SIGTERM"));
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return `http://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("nginx did not start");
}

/**
 * A bare Node `http` server answering every request with `file`'s bytes, in a process of its own: with a content type
 * and length only, or with `headers` (our cached answer's), which shows what sending those headers costs Node itself.
 * With `logged`, it also gives each answer a request id and writes one JSON line per request (batched, to /dev/null,
 * as our log writes them): the least a hit costs with what issue 42 keeps, the floor our cached page is measured on.
 */
async function startBareNode(
  file: string,
  headers?: Record<string, string>,
  logged = false,
): Promise<{ origin: string; pid: number }> {
  const script = `
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const headers = ${JSON.stringify(headers ?? { "Content-Type": "text/html; charset=utf-8" })};
    headers["Content-Length"] = body.length;
    const logged = ${logged};
    const { randomUUID } = require("node:crypto");
    const out = require("node:fs").openSync("/dev/null", "w");
    let pending = "";
    const flush = () => { if (pending) require("node:fs").write(out, pending, () => {}); pending = ""; };
    if (logged) setInterval(flush, 50).unref();
    require("node:http").createServer((req, res) => {
      if (!logged) {
        res.writeHead(200, headers);
        return res.end(body);
      }
      const started = performance.now();
      const id = randomUUID();
      res.writeHead(200, { ...headers, "X-Request-Id": id });
      res.end(body);
      const path = req.url.split("?")[0];
      pending += JSON.stringify({ level: "info", time: new Date().toISOString(), instance: "bench", requestId: id,
        method: req.method, path, status: 200, ms: Math.round((performance.now() - started) * 10) / 10,
        route: "routes/site/product", client: req.socket.remoteAddress, msg: req.method + " " + path + " 200" }) + "\\n";
      if (pending.length > 65536) flush();
    }).listen(0, "127.0.0.1", function () { console.log("listening on http://127.0.0.1:" + this.address().port); });`;
  const child = spawn(...onCore(SERVER_CORE, process.execPath, ["-e", script]), {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return { origin: await waitForOrigin(child, /listening on (http:\/\/\S+)/), pid: child.pid! };
}

/** A process's resident memory in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

/** GET over a kept-alive agent; the status, the body read and dropped (redirects are not followed). */
function statusOf(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/**
 * The attack of issue 22: `count` requests for one page, each with a query string of its own (`/robots.txt?v=<n>`),
 * over 8 connections, while another visitor asks for /healthz every 20 ms. The server's memory before and after,
 * the rate, the answers' statuses, and /healthz's latency during it.
 */
async function distinctQueryStrings(origin: string, pid: number, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await statusOf(`${origin}/robots.txt`, agent);
  const rssBefore = rssMb(pid);
  const statuses = new Map<number, number>();
  const healthz: number[] = [];
  let sent = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await statusOf(`${origin}/healthz`, probeAgent);
      healthz.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent < count) {
        const status = await statusOf(`${origin}/robots.txt?v=${sent++}&fill`, agent);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await probe;
  agent.destroy();
  probeAgent.destroy();
  return {
    rps: count / seconds,
    rssBefore,
    rssAfter: rssMb(pid),
    statuses: [...statuses].map(([status, n]) => `${n} × ${status}`).join(", "),
    healthzP50: percentile(healthz, 50),
    healthzP99: percentile(healthz, 99),
    healthzMax: Math.max(...healthz),
  };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  /** The server's CPU time per request, all its threads (the log writer and GC too), when its pid is known. */
  cpuUs?: number;
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** A process's CPU time so far, user and system, of all its threads, in seconds (/proc/<pid>/stat, Linux). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the command's ")" come the fields from the 3rd on: utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const toMs = (value: string) => {
  const [, number, unit] = value.match(/([\d.]+)(us|ms|s)/)!;
  return Number(number) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
};

/** GET, retried: a kept-alive socket the server closed during the last wrk run fails the first try. */
async function fetchOnce(url: string, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers, ...init });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** A row from wrk's output (run with --latency). */
function rowOf(name: string, output: string, bytes: number): Row {
  const rps = Number(output.match(/Requests\/sec:\s+([\d.]+)/)![1]);
  const p50 = toMs(output.match(/\s50%\s+([\d.]+\w+)/)![1]);
  const p99 = toMs(output.match(/\s99%\s+([\d.]+\w+)/)![1]);
  const errors = output.match(/Non-2xx or 3xx responses: (\d+)|Socket errors: .*/)?.[0];
  if (errors) console.log(`  ${name}: ${errors}`);
  console.log(`  ${name}: ${Math.round(rps)} req/s, p99 ${p99.toFixed(1)} ms`);
  return { name, rps, p50, p99, bytes };
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  warmUpSeconds = 2,
  pid?: number,
): Promise<Row> {
  const response = await fetchOnce(url, headers);
  if (!response.ok) throw new Error(`${name}: ${url} answered ${response.status}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  const args = [WRK_THREADS, `-c${CONNECTIONS}`, `-d${SECONDS}s`, "--latency"];
  for (const [header, value] of Object.entries(headers)) args.push("-H", `${header}: ${value}`);
  // A warm-up fills caches and lets the JIT settle, so the row measures the steady state.
  await wrk([...args.map((a) => a.replace(/^-d.*$/, `-d${warmUpSeconds}s`)), url]);
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const output = await wrk([...args, url]);
  const row = rowOf(name, output, bytes);
  const requests = Number(output.match(/(\d+) requests in/)?.[1] ?? 0);
  if (pid && requests) row.cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / requests;
  return row;
}

/**
 * wrk's report. Run without blocking this process: the servers' log lines must go on being read while wrk runs, as a
 * log collector reads them (a server whose output nobody reads blocks or drops its lines, and measures neither).
 */
const wrk = (args: string[]) =>
  new Promise<string>((resolve, reject) =>
    execFile(...onCore(LOAD_CORE, "wrk", args), { encoding: "utf8" }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );

/** Signs the administrator in (the sign-in form, as a browser without JavaScript posts it): the session cookie. */
async function signIn(origin: string): Promise<string> {
  const response = await fetchOnce(
    `${origin}/admin/login`,
    {},
    {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }),
      redirect: "manual",
    },
  );
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  if (!cookie) throw new Error(`signing in answered ${response.status} without a session`);
  return cookie;
}

const decodeHtml = (text: string) =>
  text.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name: string) =>
    name === "amp" ? "&" : name === "quot" ? '"' : name === "lt" ? "<" : name === "gt" ? ">" : "'",
  );
const attribute = (tag: string, name: string) => {
  // `name="…"`, or a bare attribute (`checked`); not the word inside another attribute's text (an aria-label).
  const value = new RegExp(`\\s${name}(?:="([^"]*)"|(?=[\\s/>]))`).exec(tag);
  return value ? decodeHtml(value[1] ?? "") : undefined;
};

/** The fields a browser sends for the multipart form in `html`: inputs, checked boxes, textareas, chosen options. */
function formFieldsOf(html: string): [string, string][] {
  const start = html.search(/enctype="multipart\/form-data"/i);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: [string, string][] = [];
  for (const [tag, kind, inner] of form.matchAll(/<(input|textarea|select)\b[^>]*>(?:([\s\S]*?)<\/\1>)?/g)) {
    const name = attribute(tag.slice(0, tag.indexOf(">") + 1), "name");
    if (!name) continue;
    const open = tag.slice(0, tag.indexOf(">") + 1);
    if (kind === "textarea") fields.push([name, decodeHtml(inner ?? "")]);
    else if (kind === "select") {
      const chosen = /<option[^>]*\sselected[^>]*>/.exec(inner ?? "")?.[0];
      fields.push([name, chosen ? (attribute(chosen, "value") ?? "") : ""]);
    } else {
      const type = attribute(open, "type") ?? "text";
      if (type === "file" || type === "submit" || type === "button") continue;
      if ((type === "checkbox" || type === "radio") && attribute(open, "checked") === undefined) continue;
      fields.push([name, attribute(open, "value") ?? (type === "checkbox" ? "on" : "")]);
    }
  }
  return fields;
}

/**
 * The product's edit form as the back office's form sends it (its fields as the page gives them, multipart, no
 * Origin from a script), the description changed so the save changes what the product page shows. The form is read
 * first; the returned function sends it: the burst starts at the save, not at the administrator opening the form.
 */
async function productSave(origin: string, cookie: string, dataDir: string, slug: string, round: number) {
  const db = createDatabase({ databaseUrl: undefined, dataDir });
  const { id } = await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  await db.destroy();
  const url = `${origin}/admin/manage-products/edit/${id}`;
  const page = await fetchOnce(url, { Cookie: cookie });
  const fields = formFieldsOf(await page.text());
  if (!fields.some(([name]) => name === "description")) throw new Error(`no product form at ${url} (${page.status})`);
  return async () => {
    const form = new FormData();
    for (const [name, value] of fields)
      form.append(
        name,
        name === "description" ? `${value.replace(/ \(bench save \d+\)$/, "")} (bench save ${round})` : value,
      );
    const response = await fetchOnce(url, { Cookie: cookie }, { method: "POST", body: form, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 302) throw new Error(`the product's save answered ${response.status}`);
  };
}

/** wrk on `url` for BURST_SECONDS, started together with `save`: the burst every visitor meets after a change. */
async function burstAfter(name: string, url: string, save: () => Promise<void>): Promise<Row> {
  const args = [WRK_THREADS, `-c${CONNECTIONS}`, `-d${BURST_SECONDS}s`, "--latency", url];
  const report = wrk(args);
  await save();
  const bytes = (await (await fetchOnce(url)).arrayBuffer()).byteLength;
  return rowOf(name, await report, bytes);
}

aptInstall("wrk", "wrk");
pinThisProcess();
aptInstall("nginx", "nginx-light");
buildIfStale();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-http-"));
cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
console.log("starting the site (demo content)…");
const { origin: site, child: siteChild } = await startSite({ DATA_DIR: dataDir, SEED_DEMO: "true" });
let bigCategoryPath: string | undefined;
if (BIG_CATEGORY > 0) {
  console.log(`adding a category of ${BIG_CATEGORY} products…`);
  const db = createDatabase({ databaseUrl: undefined, dataDir });
  const category = await addBigCategory(db, {
    slug: "bench-big-category",
    name: "Bench Big Category",
    count: BIG_CATEGORY,
  });
  await raiseContentVersion(db);
  await db.destroy();
  bigCategoryPath = `/products/${category.slug}`;
}
{
  // The administrator who saves in the burst rows, created as `npm run user:add` does.
  const db = createDatabase({ databaseUrl: undefined, dataDir });
  await saveAccount(db, ADMIN);
  await db.destroy();
}
// The same site at LOG_LEVEL=warn (no line per request): the log's cost is the difference.
const { origin: quiet, child: quietChild } = await startSite({
  DATA_DIR: dataDir,
  SEED_DEMO: "false",
  LOG_LEVEL: "warn",
});
// A second process over the same database with the page cache off: the uncached rows.
const { origin: uncached, child: uncachedChild } = HITS_ONLY
  ? { origin: "", child: undefined }
  : await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", PAGE_CACHE: "off" });
// A third with a small page cache, for the distinct query strings: a budget they could fill.
const attacked = DISTINCT
  ? await startSite({ DATA_DIR: dataDir, SEED_DEMO: "false", PAGE_CACHE_MB: String(DISTINCT_CACHE_MB) })
  : null;

const productResponse = await fetchOnce(site + PRODUCT_PATH);
const productHtml = await productResponse.text();
/** The headers our cached answer carries, but those Node writes itself. */
const productHeaders = Object.fromEntries(
  [...productResponse.headers].filter(
    ([name]) =>
      !["date", "connection", "keep-alive", "content-length", "content-encoding", "transfer-encoding"].includes(name),
  ),
);
const pageFile = path.join(dataDir, "product.html");
fs.writeFileSync(pageFile, productHtml);
// React's chunk: the largest script every page loads (the first one named is a few hundred bytes).
const asset = (productHtml.match(/\/assets\/react-[\w.-]+\.js/) ?? productHtml.match(/\/assets\/[\w.-]+\.js/))?.[0];
const media = productHtml.match(/\/media\/[^"'\s)]+?\.(?:webp|jpe?g|png)/)?.[0];
const [nginx, bare, bareWithHeaders, bareLogged] = [
  await startNginx(pageFile),
  await startBareNode(pageFile),
  await startBareNode(pageFile, productHeaders),
  await startBareNode(pageFile, productHeaders, true),
];

console.log(`measuring, ${SECONDS} s a row at ${CONNECTIONS} connections (load now: ${os.loadavg()[0].toFixed(2)})…`);
const rows: Row[] = [];
rows.push(await measure("nginx, same bytes", nginx + "/"));
rows.push(await measure("bare Node http, same bytes", bare.origin + "/", {}, 2, bare.pid));
rows.push(
  await measure("bare Node http, same bytes and headers", bareWithHeaders.origin + "/", {}, 2, bareWithHeaders.pid),
);
rows.push(
  await measure(
    "bare Node http, same bytes and headers, a request id and a log line",
    bareLogged.origin + "/",
    {},
    2,
    bareLogged.pid,
  ),
);
const sitePid = siteChild.pid;
rows.push(await measure("product page, cached", site + PRODUCT_PATH, {}, 2, sitePid));
rows.push(await measure("product page, cached, LOG_LEVEL=warn", quiet + PRODUCT_PATH, {}, 2, quietChild.pid));
// As a browser asks (wrk sends no User-Agent, which is never counted): each such view of a product is counted as
// demand (ADR 0040), on this very path of a cache hit.
rows.push(await measure("product page, cached, browser User-Agent", site + PRODUCT_PATH, { "User-Agent": BROWSER }));
rows.push(await measure("Arabic product page, cached", site + ARABIC_PRODUCT_PATH, {}, 2, sitePid));
rows.push(await measure("Bengali product page, cached", site + BENGALI_PRODUCT_PATH, {}, 2, sitePid));
rows.push(await measure("product page, cached, br", site + PRODUCT_PATH, { "Accept-Encoding": "br" }));
// A buyer with a quote list: the page does not depend on it, so it is the cached page (goal: at least half the
// anonymous cached row's rate).
rows.push(
  await measure(
    "product page, cached, quote_list cookie",
    site + PRODUCT_PATH,
    { Cookie: "quote_list=bench-product-1.bench-product-2" },
    2,
    sitePid,
  ),
);
rows.push(await measure("home, cached", site + "/"));
if (!HITS_ONLY) await slowRows();
/** The rows of renders, files, bursts and the back office: minutes of a run, left out by BENCH_HITS_ONLY. */
async function slowRows() {
  // A render runs most of React's and React Router's code, which V8 takes some 2,000 requests to optimise fully: the
  // uncached rows warm up longer, so that they measure a server that has been running, not one just started.
  rows.push(
    await measure(
      "product page, PAGE_CACHE=off",
      uncached + PRODUCT_PATH,
      {},
      UNCACHED_WARM_UP_SECONDS,
      uncachedChild?.pid,
    ),
  );
  rows.push(
    await measure(
      "Arabic product page, PAGE_CACHE=off",
      uncached + ARABIC_PRODUCT_PATH,
      {},
      UNCACHED_WARM_UP_SECONDS,
      uncachedChild?.pid,
    ),
  );
  if (bigCategoryPath) {
    rows.push(await measure(`${BIG_CATEGORY}-product category, page 1, cached`, site + bigCategoryPath));
    rows.push(
      await measure(
        `${BIG_CATEGORY}-product category, page 1, uncached`,
        uncached + bigCategoryPath,
        {},
        UNCACHED_WARM_UP_SECONDS,
      ),
    );
  }
  if (asset) rows.push(await measure("fingerprinted asset, br", site + asset, { "Accept-Encoding": "br" }));
  if (media) rows.push(await measure("media image", site + media));
  rows.push(await measure("/healthz", site + "/healthz"));
  const cookie = await signIn(site);
  const productSlug = PRODUCT_PATH.split("/").at(-1)!;
  rows.push(
    await burstAfter(
      `product page, ${BURST_SECONDS} s from an admin's save`,
      site + PRODUCT_PATH,
      await productSave(site, cookie, dataDir, productSlug, 1),
    ),
  );
  // Signed in, nothing is cached (by design): the same burst on the administrator's own view of the site and the list.
  rows.push(await measure("product page, signed-in admin", site + PRODUCT_PATH, { Cookie: cookie }));
  rows.push(
    await measure("/admin/manage-products, signed-in admin", site + "/admin/manage-products", { Cookie: cookie }),
  );
}

const [nginxRow, bareRow] = rows;
const table = [
  "| what | bytes | req/s | p50 ms | p99 ms | CPU µs/req | × nginx | × bare Node |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (row) =>
      `| ${row.name} | ${row.bytes} | ${Math.round(row.rps)} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.cpuUs === undefined ? "" : row.cpuUs.toFixed(1)} | ${(row.rps / nginxRow.rps).toFixed(2)} | ${(row.rps / bareRow.rps).toFixed(2)} |`,
  ),
];
console.log(`\n${table.join("\n")}\n`);

const cachedRow = rows.find((row) => row.name === "product page, cached");
const quoteRow = rows.find((row) => row.name === "product page, cached, quote_list cookie");
if (cachedRow && quoteRow)
  console.log(
    `product page with a quote_list cookie: ${Math.round(quoteRow.rps)} req/s, ${(quoteRow.rps / cachedRow.rps).toFixed(2)} × the anonymous cached row (goal ≥ 0.5)`,
  );

if (attacked) {
  console.log(`sending ${DISTINCT} distinct query strings to one page (PAGE_CACHE_MB=${DISTINCT_CACHE_MB})…`);
  const result = await distinctQueryStrings(attacked.origin, attacked.child.pid!, DISTINCT);
  const growth = result.rssAfter - result.rssBefore;
  console.log(
    `${DISTINCT} distinct query strings: ${Math.round(result.rps)} req/s (${result.statuses}); server RSS ${result.rssBefore.toFixed(0)} → ${result.rssAfter.toFixed(0)} MB (+${growth.toFixed(0)} MB; goal ≤ ${DISTINCT_CACHE_MB} + ${RSS_MARGIN_MB} MB); /healthz meanwhile p50 ${result.healthzP50.toFixed(1)} ms, p99 ${result.healthzP99.toFixed(1)} ms, max ${result.healthzMax.toFixed(1)} ms (goal p99 < 50 ms)`,
  );
}

// The goals (issue 25), as ratios to bare Node in this same run.
const find = (name: string) => rows.find((row) => row.name === name);
const goal = (what: string, met: boolean | undefined) =>
  console.log(`${met === undefined ? "–" : met ? "✓" : "✗"} ${what}`);
const ratio = (row: Row | undefined) => (row ? (row.rps / bareRow.rps).toFixed(3) : "?");
const cachedInfo = find("product page, cached");
const cachedWarn = find("product page, cached, LOG_LEVEL=warn");
const uncachedProduct = find("product page, PAGE_CACHE=off");
const uncachedCategory = rows.find((row) => row.name.endsWith("page 1, uncached"));
const burst = rows.find((row) => row.name.includes("from an admin's save"));
console.log("\ngoals (issue 25), against bare Node in this run:");
goal(
  `cached product page at the default log level: ${ratio(cachedInfo)} × bare Node (goal ≥ 0.85), p99 ${cachedInfo?.p99.toFixed(2)} ms (goal < 5)`,
  cachedInfo && cachedInfo.rps >= 0.85 * bareRow.rps && cachedInfo.p99 < 5,
);
const bareWithHeadersRow = find("bare Node http, same bytes and headers");
if (cachedInfo && bareWithHeadersRow)
  console.log(
    `  (bare Node sending the same headers: ${ratio(bareWithHeadersRow)} × bare Node; the cached page ${(cachedInfo.rps / bareWithHeadersRow.rps).toFixed(2)} × that)`,
  );
const logCost = cachedInfo && cachedWarn ? 1 - cachedInfo.rps / cachedWarn.rps : undefined;
goal(
  `the request log's cost: ${logCost === undefined ? "?" : (100 * logCost).toFixed(1)}% of the cached rate (${Math.round(cachedInfo?.rps ?? 0)} at info, ${Math.round(cachedWarn?.rps ?? 0)} at warn; goal ≤ 10%)`,
  logCost === undefined ? undefined : logCost <= 0.1,
);
goal(
  `uncached product page: ${ratio(uncachedProduct)} × bare Node (goal ≥ 0.015), p99 ${uncachedProduct?.p99.toFixed(0)} ms (goal < 200)`,
  uncachedProduct && uncachedProduct.rps >= 0.015 * bareRow.rps && uncachedProduct.p99 < 200,
);
if (uncachedCategory)
  goal(
    `${BIG_CATEGORY}-product category, page 1 uncached: ${ratio(uncachedCategory)} × bare Node (goal ≥ 0.01)`,
    uncachedCategory && uncachedCategory.rps >= 0.01 * bareRow.rps,
  );
goal(
  `burst after an admin's save: ${Math.round(burst?.rps ?? 0)} req/s, p99 ${burst?.p99.toFixed(2)} ms = ${burst && cachedInfo ? (burst.p99 / cachedInfo.p99).toFixed(2) : "?"} × the cached p99 (goal ≤ 2)`,
  burst && cachedInfo && burst.p99 <= 2 * cachedInfo.p99,
);
// Issue 42's goals: a hit close to bare Node on pinned cores, in rate, CPU time (all threads) and p99, in every
// language and with a quote_list cookie; a render that costs what React costs.
console.log("\ngoals (issue 42), against bare Node in this run:");
for (const name of [
  "product page, cached",
  "Arabic product page, cached",
  "Bengali product page, cached",
  "product page, cached, quote_list cookie",
]) {
  const row = find(name);
  const cpu = row?.cpuUs !== undefined && bareRow.cpuUs ? row.cpuUs / bareRow.cpuUs : undefined;
  goal(
    `${name}: ${ratio(row)} × bare Node (goal ≥ 0.8), CPU ${row?.cpuUs?.toFixed(1) ?? "?"} µs a hit = ${cpu?.toFixed(2) ?? "?"} × bare Node's ${bareRow.cpuUs?.toFixed(1) ?? "?"} (goal ≤ 1.25), p99 ${row?.p99.toFixed(2)} ms = ${row ? (row.p99 / bareRow.p99).toFixed(2) : "?"} × bare Node's (goal ≤ 2)`,
    row && cpu !== undefined ? row.rps >= 0.8 * bareRow.rps && cpu <= 1.25 && row.p99 <= 2 * bareRow.p99 : undefined,
  );
}
const floor = find("bare Node http, same bytes and headers, a request id and a log line");
if (floor?.cpuUs && bareRow.cpuUs)
  console.log(
    `  (the least a hit can cost with what the issue keeps, bare Node sending our headers, a request id and a log line: ${ratio(floor)} × bare Node, CPU ${floor.cpuUs.toFixed(1)} µs = ${(floor.cpuUs / bareRow.cpuUs).toFixed(2)} × bare Node's)`,
  );
const uncachedArabic = find("Arabic product page, PAGE_CACHE=off");
goal(
  `uncached product page: ${ratio(uncachedProduct)} × bare Node (goal ≥ 0.01), CPU ${uncachedProduct?.cpuUs ? (uncachedProduct.cpuUs / 1000).toFixed(1) : "?"} ms a render; Arabic ${uncachedArabic?.cpuUs ? (uncachedArabic.cpuUs / 1000).toFixed(1) : "?"} ms (goal within 20% of English)`,
  uncachedProduct && uncachedArabic?.cpuUs && uncachedProduct.cpuUs
    ? uncachedProduct.rps >= 0.01 * bareRow.rps && uncachedArabic.cpuUs <= 1.2 * uncachedProduct.cpuUs
    : undefined,
);
console.log(
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}, wrk ${WRK_THREADS} -c${CONNECTIONS} -d${SECONDS}s; ${coresLine()}`,
);
process.exit(0);
