import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}", "tests/architecture/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Under CI the results are also written as JSON for the closing summary line of .ci/run.
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: process.env.CI ? { json: `.tmp/ci/vitest-${process.env.RESULTS_TAG ?? "run"}.json` } : undefined,
  },
});
