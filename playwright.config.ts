import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/e2e/support/browser";

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: 0,
  // Under CI the results are also written as JSON for the closing summary line of .ci/run.
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: `.tmp/ci/playwright-${process.env.RESULTS_TAG ?? "run"}.json` }]]
    : [["list"]],
  use: {
    baseURL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, testIgnore: ["**/*.phone.spec.ts"] },
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      // Public screens and phone-only behaviour; the admin flows run once, on desktop.
      testMatch: ["**/shell.spec.ts", "**/public.spec.ts", "**/empty.spec.ts", "**/*.phone.spec.ts"],
    },
  ],
  webServer: {
    command: "node tests/e2e/support/serve.mjs",
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { PORT: String(PORT), HOST: "127.0.0.1", SEED_DEMO: "true", PUBLIC_URL: "" },
  },
});
