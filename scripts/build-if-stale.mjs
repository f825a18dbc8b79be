// Builds the site when any source is newer than the last build (used by `npm start`, `npm test` and the test setup):
// a CI run that tests on two databases builds once (issue 39). Run as a script, it does just that.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
/** What the build is made from: a change to any of these makes `npm start` build again. */
const SOURCES = [
  "app",
  "server",
  "vite.config.ts",
  "vite.server.config.ts",
  "vite.island.config.ts",
  "react-router.config.ts",
];
const BUILD_FILES = ["scripts/precompress.mjs", "package-lock.json"];
/** The build's outputs; the oldest decides whether it is stale. */
const OUTPUTS = ["build/server/index.js", "build/server/main.js", "build/island-manifest.json"];

function newestSource(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestSource(path.join(file, entry)));
  return newest;
}

function builtAt() {
  try {
    return Math.min(...OUTPUTS.map((file) => fs.statSync(path.join(root, file)).mtimeMs));
  } catch {
    return 0; // never built, or only in part
  }
}

export function buildIfStale() {
  const sources = Math.max(...[...SOURCES, ...BUILD_FILES].map((file) => newestSource(path.join(root, file))));
  if (sources <= builtAt()) return false;
  console.log("[build] building the site (a minute or so the first time)…");
  const started = Date.now();
  // Always a production build: Vitest sets NODE_ENV=test, which would otherwise bundle React's development build.
  // The build's own progress and its tools' notices are kept back, and shown only if it fails.
  const result = spawnSync(process.execPath, ["scripts/build.mjs"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error("The build failed (its output is above).");
  }
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildIfStale();
