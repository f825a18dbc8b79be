import { availableParallelism } from "node:os";
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
    // Two test files at once even on two cores (Vitest's default there is one): most of a file's time is the server
    // and the database working for it, and two at once took 433 s where one took 570 (issue 39). More than two
    // made the 2-core machine slower and timed tests out.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Under CI the results are also written as JSON for the closing summary line of .ci/run.
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: process.env.CI ? { json: `.tmp/ci/vitest-${process.env.RESULTS_TAG ?? "run"}.json` } : undefined,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/architecture/**/*.test.ts"],
        },
      },
      // The service and HTTP files share their worker's modules (`isolate: false`): each file makes its own database,
      // app and peers, none changes a module's state, and importing the 2 MB server build once per worker instead of
      // once per file took the HTTP tier from 350 to 194 s on SQLite (issue 39).
      { extends: true, test: { name: "service", include: ["tests/service/**/*.test.ts"], isolate: false } },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          globalSetup: ["tests/setup/global-setup.ts"],
          isolate: false,
        },
      },
    ],
  },
});
