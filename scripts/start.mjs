// `npm start`: build when the sources are newer than the build, then run the server (migrations, seed, serve).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, "build/server/index.js")).mtimeMs;
  } catch {
    return 0;
  }
})();

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestSource(path.join(root, "app")),
  ...["vite.config.ts", "react-router.config.ts", "package-lock.json"].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
);
if (sources > builtAt) {
  console.log("[start] building the site…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}

process.chdir(root);
// Before any module loads: React picks its build (development or production) when first imported.
process.env.NODE_ENV ??= "production";
const { register } = await import("tsx/esm/api");
register();
await import("../server/main.ts");
