// The site as `npm start` runs it, on a fresh database, with two accounts made by the real user:add command.
// Used as Playwright's webServer, on the port in PORT: 0 lets the system choose a free one, which the
// "[server] listening on …" line names (playwright.config.ts reads it from there).
// Its data belongs to this run alone, so two runs or two checkouts on one machine never meet: the SQLite folder
// .tmp/e2e-data-<pid>, or on PostgreSQL (TEST_DATABASE_URL) the schema e2e_<host>_<pid>. Both are removed when the
// site stops (Playwright sends SIGTERM), and by a later run if this one was killed outright (its process is gone).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../../..");
const tmp = path.join(root, ".tmp");
fs.mkdirSync(tmp, { recursive: true });

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

// Leftovers of runs that were killed before they could clean up (and of the one fixed folder used before).
for (const name of fs.readdirSync(tmp)) {
  const pid = name.match(/^e2e-data-(\d+)$/)?.[1];
  if (name === "e2e-data" || (pid && !isAlive(Number(pid)))) {
    fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
}

const dataDir = path.join(tmp, `e2e-data-${process.pid}`);
const env = { ...process.env, DATA_DIR: dataDir };

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const host = os
  .hostname()
  .toLowerCase()
  .replace(/[^a-z0-9]/g, "")
  .slice(0, 20);
const schema = `e2e_${host}_${process.pid}`;
const withClient = async (work) => {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
};
if (testDatabaseUrl) {
  await withClient(async (client) => {
    const { rows } = await client.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE $1", [
      `e2e\\_${host}\\_%`,
    ]);
    for (const { nspname } of rows) {
      const pid = nspname.slice(`e2e_${host}_`.length);
      if (/^\d+$/.test(pid) && !isAlive(Number(pid))) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    }
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`CREATE SCHEMA "${schema}"`);
  });
  const url = new URL(testDatabaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  env.DATABASE_URL = url.toString();
}

async function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (testDatabaseUrl) await withClient((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
}

const userAdd = (...args) =>
  execFileSync(process.execPath, ["--import", "tsx", "scripts/user-add.ts", ...args], {
    cwd: root,
    stdio: "inherit",
    env,
  });
try {
  userAdd(
    "--email",
    "admin@example.com",
    "--password",
    "admin-password-123",
    "--role",
    "admin",
    "--name",
    "Asha Admin",
  );
  userAdd("--email", "user@example.com", "--password", "user-password-123", "--role", "user", "--name", "Uma User");
} catch (error) {
  await cleanUp();
  throw error;
}

// The site runs as a child, so that this process is still there to clean up once it has stopped.
const site = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    // Playwright signals the whole process group, the site included; a signal sent to this process alone is
    // passed on.
    setTimeout(() => site.kill(signal), 2_000).unref();
  });
}
site.on("exit", async (code, signal) => {
  try {
    await cleanUp();
  } catch (error) {
    console.error("[e2e] could not clean up:", error);
  }
  process.exit(code ?? (signal ? 1 : 0));
});
