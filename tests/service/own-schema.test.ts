import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../support/test-db";

// Several sites or test runs share one PostgreSQL server, each in a schema of its own: migrating one must neither
// read the others nor fail when one of them is dropped meanwhile (the CI run of issue 39 failed so: "schema
// t_… does not exist", Kysely's introspector reading every schema while another test file dropped its own).
describe.runIf(usingPostgres)("a site's schema among others on PostgreSQL", () => {
  let mine: TestDatabase;
  let other: TestDatabase;
  beforeAll(async () => {
    [mine, other] = [await createTestDatabase(), await createTestDatabase()];
  });
  afterAll(async () => {
    await mine.cleanup();
    await other.cleanup();
  });

  it("introspects its own schema only", async () => {
    const tables = await mine.db.introspection.getTables();
    const schemas = new Set(tables.map((table) => table.schema));
    expect([...schemas]).toEqual([new URL(mine.databaseUrl!).searchParams.get("options")!.split("=")[1]]);
    expect(tables.map((table) => table.name)).toContain("products");
    expect(await mine.db.introspection.getSchemas()).toHaveLength(1);
  });

  it("migrates while other schemas are created and dropped", async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const name = `churn_${process.pid}_${i}`;
        await client.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (a int, b text, c int)`);
        await client.query(`DROP SCHEMA ${name} CASCADE`);
      }
    })();
    try {
      for (let i = 0; i < 5; i++) {
        const fresh = await createTestDatabase({ migrate: false });
        try {
          await migrateToLatest(fresh.db);
        } finally {
          await fresh.cleanup();
        }
      }
    } finally {
      churning = false;
      await churn;
      await client.end();
    }
  }, 60_000);
});
