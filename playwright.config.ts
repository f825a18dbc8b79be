import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "./tests/e2e/support/browser";

// No fixed port anywhere, so two checkouts (or two runs) can test on one machine at once. The site below listens on
// the port in E2E_PORT, or when that is unset on one the system chooses (PORT=0); `wait` reads the port from its
// "[server] listening" line into process.env.E2E_PORT before any worker starts. Workers inherit that environment
// and evaluate this file again, so there the base URL names the real port.
const PORT = process.env.E2E_PORT;
// Debian's Chromium, or the one from npm on a machine without it (tests/e2e/support/browser.ts).
const CHROMIUM_PATH = await chromiumExecutable();
// E2E_SHARD=1/2 runs the first half of the browser tests, 2/2 the other: `.ci/run` gives each of its two databases
// one half, so every browser test runs once per CI run (ADR 0052). Unset, every test runs.
const SHARD = process.env.E2E_SHARD ? /^([1-9]\d*)\/([1-9]\d*)$/.exec(process.env.E2E_SHARD) : null;
if (process.env.E2E_SHARD && (!SHARD || Number(SHARD[1]) > Number(SHARD[2])))
  throw new Error(`E2E_SHARD must read like "1/2", not "${process.env.E2E_SHARD}".`);

export default defineConfig({
  testDir: "tests/e2e",
  // A test that uploads and resizes pictures takes ~15 s on a quiet 2-core machine; twice that on a busy one.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // Tests make their own data under names of their own (tests/e2e/support/fixtures.ts), so any two may run at once.
  fullyParallel: true,
  workers: 2,
  shard: SHARD ? { current: Number(SHARD[1]), total: Number(SHARD[2]) } : null,
  retries: 0,
  // Under CI the results are also written as JSON for the closing summary line of .ci/run.
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: `.tmp/ci/playwright-${process.env.RESULTS_TAG ?? "run"}.json` }]]
    : [["list"]],
  use: {
    baseURL: PORT ? `http://127.0.0.1:${PORT}` : undefined,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, testIgnore: ["**/*.phone.spec.ts"] },
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      // Public screens and phone-only behaviour; the admin flows run once, on desktop.
      testMatch: [
        "**/shell.spec.ts",
        "**/public.spec.ts",
        "**/empty.spec.ts",
        "**/accessibility.spec.ts",
        "**/languages.spec.ts",
        // The buyer's quote list: its badge, Add to Quote and Remove, with and without JavaScript (issue 42).
        "**/quotes.spec.ts",
        "**/*.phone.spec.ts",
      ],
    },
  ],
  webServer: {
    command: "node tests/e2e/support/serve.mjs",
    wait: { stdout: /\[server\] listening on http:\/\/127\.0\.0\.1:(?<E2E_PORT>\d+)/ },
    timeout: 180_000,
    stdout: "pipe",
    // SIGTERM lets serve.mjs remove this run's database (its SQLite folder or PostgreSQL schema) once the site stops.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    // LOG_LEVEL=warn: a line per request would bury the test report.
    env: { PORT: PORT ?? "0", HOST: "127.0.0.1", SEED_DEMO: "true", PUBLIC_URL: "", LOG_LEVEL: "warn" },
  },
});
