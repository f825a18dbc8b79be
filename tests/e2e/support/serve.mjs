// The site as `npm start` runs it, on a fresh database, with two accounts made by the real user:add command.
// Used as Playwright's webServer. On PostgreSQL (TEST_DATABASE_URL) it runs in a schema of its own.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../../..");
const dataDir = path.join(root, ".tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  await client.query("DROP SCHEMA IF EXISTS e2e CASCADE");
  await client.query("CREATE SCHEMA e2e");
  await client.end();
  const url = new URL(testDatabaseUrl);
  url.searchParams.set("options", "-c search_path=e2e");
  process.env.DATABASE_URL = url.toString();
}

const userAdd = (...args) =>
  execFileSync(process.execPath, ["--import", "tsx", "scripts/user-add.ts", ...args], {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  });
userAdd("--email", "admin@example.com", "--password", "admin-password-123", "--role", "admin", "--name", "Asha Admin");
userAdd("--email", "user@example.com", "--password", "user-password-123", "--role", "user", "--name", "Uma User");

await import("../../../scripts/start.mjs");
