import fs from "node:fs";

/** Debian's Chromium, where the machine has it (what .ci/run installs). */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set, else Debian's, else the build that comes from the
 * npm registry with the dev dependencies (@sparticuz/chromium, unpacked into the temporary folder on first use), so
 * `npm ci && npm test` needs nothing but Node. Playwright's own browser download cannot work on this network.
 */
export async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}

/** The flags this closed network needs (DESIGN.md "Stack"). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
