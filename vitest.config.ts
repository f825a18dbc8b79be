import { defineConfig } from "vitest/config";

// Three tiers (issue 39), as Immich's unit / medium / e2e: run one with `npx vitest run --project <name>`.
// - unit: pure functions and the architecture rules; no setup, no database.
// - service: feature functions against a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL); no build,
//   no HTTP. A feature's rules are tested here.
// - http: the built server in process (or as a process) over HTTP; the global setup builds it when a source is newer.
// The browser tier is Playwright's (`npm run test:e2e`).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Under CI the results are also written as JSON for the closing summary line of .ci/run.
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: process.env.CI ? { json: `.tmp/ci/vitest-${process.env.RESULTS_TAG ?? "run"}.json` } : undefined,
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "tests/architecture/**/*.test.ts"] } },
      { extends: true, test: { name: "service", include: ["tests/service/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          globalSetup: ["tests/setup/global-setup.ts"],
        },
      },
    ],
  },
});
