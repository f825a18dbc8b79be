// npm run bench:static — requests per second and p99 latency (wrk, 2 threads, 50 connections, 10 s each) for
// /healthz, /favicon.svg, the largest fingerprinted JavaScript file asked for with Accept-Encoding: br, and a stored
// picture, on the production build; and, for scale, a bare Hono on @hono/node-server answering fixed bytes.
// Needs wrk (`apt-get install wrk`). BENCH_DURATION (seconds) shortens or lengthens each run. On a shared machine
// the load average printed beside the figures says how far to trust them.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const children = [];
process.on("exit", () => children.forEach((child) => child.kill("SIGTERM")));

if (!fs.existsSync(path.join(root, "build/server/index.js")))
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });

/** Starts a server that prints "listening on http://host:port" and resolves with its origin. */
function start(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  let log = "";
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      log += chunk;
      const origin = log.match(/listening on (http:\/\/[\d.]+:\d+)/)?.[1];
      if (origin) resolve({ origin, pid: child.pid });
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${log}`)));
  });
}

const BARE = `
import { serve } from "@hono/node-server";
import { Hono } from "hono";
const app = new Hono();
app.get("*", (c) => c.text("ok"));
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log("listening on http://127.0.0.1:" + info.port));
`;

/** CPU time (user + system) the process has used, in microseconds; less swayed by other work than req/s. */
function cpuMicros(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

function wrk(url, headers = {}) {
  const args = [
    "-t2",
    "-c50",
    `-d${DURATION}s`,
    "--latency",
    ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
    url,
  ];
  const out = execFileSync("wrk", args, { encoding: "utf8" });
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p99 = out.match(/99%\s+([\d.]+\w+)/)?.[1];
  const errors = out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? "0";
  const requests = Number(out.match(/(\d+) requests in/)?.[1]);
  return { rps: Math.round(rps), p99, errors, requests };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-static-"));
const env = {
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  SEED_DEMO: "true",
  LOG_LEVEL: "warn",
};
const site = await start(["scripts/start.mjs"], env);
const bare = await start(["--input-type=module", "-e", BARE], env);

const assets = path.join(root, "build/client/assets");
const script = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith(".js"))
  .sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size)[0];
const bucket = path.join(dataDir, "storage/application-assets");
// The largest stored WebP: the seed's pictures get random names, so "the first" would change from run to run.
const picture = fs
  .readdirSync(bucket, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".webp"))
  .sort((a, b) => fs.statSync(path.join(bucket, b)).size - fs.statSync(path.join(bucket, a)).size)[0];
const pictureBytes = fs.statSync(path.join(bucket, picture)).size;

const cases = [
  ["bare Hono, fixed bytes", bare, "/", {}],
  ["/healthz", site, "/healthz", {}],
  ["/favicon.svg", site, "/favicon.svg", {}],
  [`/assets/${script}, br`, site, `/assets/${script}`, { "Accept-Encoding": "br" }],
  [`media ${picture} (${Math.round(pictureBytes / 1024)} KB)`, site, `/media/application-assets/${picture}`, {}],
];
console.log(`load average before: ${loadAverage()}`);
console.log("| request | req/s | p99 | server CPU µs/request | non-2xx |\n| --- | --- | --- | --- | --- |");
for (const [name, server, pathname, headers] of cases) {
  const before = cpuMicros(server.pid);
  const { rps, p99, errors, requests } = wrk(server.origin + pathname, headers);
  const cpu = Math.round((cpuMicros(server.pid) - before) / requests);
  console.log(`| ${name} | ${rps} | ${p99} | ${cpu} | ${errors} |`);
}
console.log(`load average after: ${loadAverage()}`);
// The servers stop before their data folder goes, so no late request finds its files gone.
for (const child of children) {
  child.kill("SIGTERM");
  await once(child, "exit");
}
fs.rmSync(dataDir, { recursive: true, force: true });
