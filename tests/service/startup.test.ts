import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/database.server";
import { DEMO_CATEGORIES } from "~/startup/seed/demo-data";
import { migrateToLatest } from "~/db/migrate.server";
import { prepareDatabase } from "~/startup/startup.server";
import { isSetupTokenValid, issueSetupToken } from "~/features/auth/setup.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { createTestDatabase, engineName, usingPostgres, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
});
afterAll(() => t.cleanup());

// Several instances share one database only on PostgreSQL; SQLite serves one instance from its folder.
describe.skipIf(!usingPostgres)(`instances starting together on ${engineName}`, () => {
  it("all come up on an empty database, which is migrated once and given the demo content once", async () => {
    // Each "instance" has a pool of its own, as separate processes would. A short statement timeout: waiting for
    // the instance that adds the demo pictures takes far longer, and must not count as one slow statement.
    const instances = Array.from({ length: 3 }, () =>
      createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir, statementTimeoutMs: 1000 }),
    );
    const storage = createLocalStorage(path.join(t.dataDir, "storage"));
    try {
      const results = await Promise.all(instances.map((db) => prepareDatabase(db, storage, { seedDemo: true })));
      expect(results.filter((r) => r.seeded)).toHaveLength(1);

      const categories = await t.db.selectFrom("product_categories").select("slug").execute();
      expect(categories.map((c) => c.slug).sort()).toEqual(DEMO_CATEGORIES.map((c) => c.slug).sort());
      const settings = await t.db.selectFrom("site_settings").select("setting_key").execute();
      expect(new Set(settings.map((s) => s.setting_key)).size).toBe(settings.length);
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
    }
  }, 120_000);

  it("print a first-administrator link that works, the same on every instance", async () => {
    const instances = Array.from({ length: 3 }, () =>
      createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir, statementTimeoutMs: 1000 }),
    );
    try {
      await migrateToLatest(t.db);
      await t.db.deleteFrom("users").execute();
      await t.db.deleteFrom("setup_tokens").execute();
      // Started together (each may make one), then one restarted later: every link printed works.
      const together = await Promise.all(instances.map((db) => issueSetupToken(db)));
      const later = await issueSetupToken(instances[0]);
      for (const token of [...together, later]) expect(await isSetupTokenValid(t.db, token)).toBe(true);
      expect(together).toContain(later);
      const restarted = await issueSetupToken(instances[1]);
      expect(restarted).toBe(later);
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
    }
  }, 60_000);
});
