import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { seedDemoIfEmpty } from "~/startup/seed/demo.server";
import { insertCategory, insertProducts } from "../support/test-db";

// Nothing lost, nothing left behind (issue 38): `npm run backup` killed with SIGKILL cannot pass the signal on to
// the process below it that writes the archive, which must then stop by itself and leave no .partial.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "agro-backup-stopped-"));
const dataDir = path.join(work, "site");

beforeAll(async () => {
  const db = createDatabase({ dataDir });
  await migrateToLatest(db);
  await seedDemoIfEmpty(db, createLocalStorage(path.join(dataDir, "storage")));
  // Enough rows that the archive is still being written when npm is killed.
  const categoryId = await insertCategory(db, { name: "Bulk", slug: "bulk" });
  const description = "A long description. ".repeat(200);
  for (let batch = 0; batch < 8; batch++)
    await insertProducts(
      db,
      Array.from({ length: 2500 }, (_, i) => ({
        category_id: categoryId,
        name: `Bulk ${batch}-${i}`,
        slug: `bulk-${batch}-${i}`,
        description,
      })),
    );
  await db.destroy();
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Pids of the processes whose command line names `needle`, read from /proc. */
function processesNaming(needle: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(needle);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    return !/\) [ZX] /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

async function until(what: string, check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!fs.existsSync("/proc/self/stat"))("npm run backup, killed", () => {
  it("stops writing when npm is killed with SIGKILL, and leaves no .partial", async () => {
    const out = path.join(work, "killed.backup.gz");
    const npm = spawn("npm", ["run", "--silent", "backup", "--", "--out", out], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: "ignore",
    });
    // The process that writes: the one below npm whose command line names the archive and runs the script.
    let writers: number[] = [];
    await until(
      "the archive being written",
      () => {
        writers = processesNaming(out).filter((pid) => pid !== npm.pid);
        return fs.existsSync(`${out}.partial`);
      },
      60_000,
    );
    expect(writers.length).toBeGreaterThan(0);
    npm.kill("SIGKILL");
    await until("the writer to stop", () => writers.every((pid) => !alive(pid)), 10_000);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
    expect(fs.existsSync(out)).toBe(false);
  }, 120_000);
});
