// Builds the site when any source is newer than the last build (used by `npm start` and the test setup).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIfStale() {
  let builtAt = 0;
  try {
    builtAt = fs.statSync(path.join(root, "build/server/index.js")).mtimeMs;
  } catch {
    // never built
  }
  const sources = Math.max(
    newestSource(path.join(root, "app")),
    ...["vite.config.ts", "react-router.config.ts", "package-lock.json", "scripts/precompress.mjs"].map(
      (f) => fs.statSync(path.join(root, f)).mtimeMs,
    ),
  );
  if (sources <= builtAt) return false;
  console.log("[build] building the site…");
  // Always a production build: Vitest sets NODE_ENV=test, which would otherwise bundle React's development build.
  // `npm run build`, so the precompressed copies of the assets are made as in production.
  execSync("npm run build", { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  return true;
}
