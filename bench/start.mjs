// `npm run bench:start`: how long the server takes from `node scripts/start.mjs` to listening, on a database that
// already holds the demo site (migrated and seeded, as on every start but the first). Five starts, SQLite.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const RUNS = 5;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-start-"));
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the server, resolves with the milliseconds until it says it listens, then stops it. */
async function start() {
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const ms = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("[server] listening")) resolve(performance.now() - started);
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  return ms;
}

console.log("first start (builds when stale, migrates, draws the demo pictures)…");
const first = await start();
const times = [];
for (let i = 0; i < RUNS; i++) times.push(await start());
times.sort((a, b) => a - b);
console.table({
  "first start": { ms: Math.round(first) },
  [`start on an existing database, median of ${RUNS}`]: { ms: Math.round(times[Math.floor(RUNS / 2)]) },
  "fastest / slowest": { ms: `${Math.round(times[0])} / ${Math.round(times[RUNS - 1])}` },
});
