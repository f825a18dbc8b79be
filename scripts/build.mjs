// `npm run build`: the site (React Router: client assets and the server bundle of the routes), the public pages'
// script (vite.island.config.ts), precompressed
// copies of the assets, then the server itself compiled to build/server/main.js, which `npm start` runs.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

const steps = [
  [bin("react-router"), ["build"]],
  // After React Router's client build, which empties build/client, and before the copies are compressed.
  [bin("vite"), ["build", "--config", "vite.island.config.ts"]],
  [process.execPath, ["scripts/precompress.mjs"]],
  [bin("vite"), ["build", "--config", "vite.server.config.ts"]],
];
for (const [command, args] of steps) {
  const { status, error } = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}
