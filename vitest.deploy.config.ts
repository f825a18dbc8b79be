import { defineConfig } from "vitest/config";

// `npm run test:deploy`: the deployment topology (tests/deploy), apart from `npm test`. It needs nginx and
// TEST_DATABASE_URL; .ci/run runs it after the two `npm test` runs.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/deploy/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: "forks",
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: process.env.CI ? { json: `.tmp/ci/vitest-${process.env.RESULTS_TAG ?? "deploy"}.json` } : undefined,
  },
});
