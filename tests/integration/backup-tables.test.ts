import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { Database } from "~/db/schema";
import { restoreBackup, writeBackup } from "~/features/backup/archive.server";
import { BACKED_UP_TABLES, LEFT_OUT_OF_BACKUPS } from "~/features/backup/tables";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import type { Storage } from "~/lib/storage/storage.server";
import { nowIso } from "~/lib/time";
import { seedDemoIfEmpty } from "~/startup/seed/demo.server";
import { insertDemandDay } from "../support/builders";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertQuote, type TestDatabase, usingPostgres } from "../support/test-db";

// Nothing lost (issue 38): a backup holds every table but those it names as left out, and a site moved SQLite →
// the engine under test → SQLite comes back row for row, its quotes answered by their links.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "agro-backup-tables-"));
let source: { db: Db; storage: Storage };
let middle: TestDatabase;
let last: { db: Db; storage: Storage };

function sqliteSite(name: string) {
  const dir = path.join(work, name);
  return { dir, db: createDatabase({ dataDir: dir }), storage: createLocalStorage(path.join(dir, "storage")) };
}

beforeAll(async () => {
  source = sqliteSite("source");
  await migrateToLatest(source.db);
  await seedDemoIfEmpty(source.db, source.storage);
  middle = await createTestDatabase();
  last = sqliteSite("last");
  await migrateToLatest(last.db);
}, 120_000);
afterAll(async () => {
  await source.db.destroy();
  await last.db.destroy();
  await middle.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The tables a migrated database of the engine under test holds (its own schema on PostgreSQL). */
async function tablesOf(db: Db): Promise<string[]> {
  const schema = usingPostgres
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name
    : undefined;
  const tables = await db.introspection.getTables();
  return (
    tables
      .filter((table) => !schema || table.schema === schema)
      .map((table) => table.name)
      .filter((name) => !name.startsWith("kysely_"))
      // SQLite's full-text index of the search documents and its own tables: derived, like the documents.
      .filter((name) => !name.startsWith("search_fts"))
      .sort()
  );
}

const allRows = (db: Db, table: keyof Database) =>
  db
    .selectFrom(table)
    .selectAll()
    .execute()
    .then((rows) => rows.map((row) => JSON.stringify(row)).sort());

describe(`the tables of a backup on ${engineName}`, () => {
  it("names every table a migration makes, as backed up or as left out with its reason", async () => {
    const named = new Set<string>([...BACKED_UP_TABLES, ...Object.keys(LEFT_OUT_OF_BACKUPS)]);
    const tables = await tablesOf(middle.db);
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((table) => !named.has(table))).toEqual([]);
    // PostgreSQL keeps its search documents' words in a table of their own (ADR 0068); SQLite has FTS5's.
    const elsewhere = usingPostgres ? [] : ["search_document_terms"];
    expect([...named].filter((table) => !tables.includes(table) && !elsewhere.includes(table))).toEqual([]);
  });

  it("moves a site SQLite → this engine → SQLite with every row, its quotes answered by their links", async () => {
    // What the review found missing: a sent quote with its buyer's link, its numbering, the last quoted price,
    // demand counts, the enabled languages and the translations.
    const [product] = await source.db.selectFrom("products").select("id").limit(1).execute();
    const token = randomBytes(24).toString("base64url");
    const [inquiry] = await source.db.selectFrom("inquiries").select("id").limit(1).execute();
    // The buyer's country code (issue 41) travels with the words it was read from.
    await source.db
      .updateTable("inquiries")
      .set({ country: "UAE", country_code: "AE" })
      .where("id", "=", inquiry!.id)
      .execute();
    const quoteId = await insertQuote(
      source.db,
      {
        number: "Q-2026-0007",
        status: "sent",
        token,
        inquiry_id: inquiry!.id,
        sent_at: nowIso(),
        sent_by_name: "Admin One",
      },
      [{ product_id: product!.id, product_name: "Onion", quantity: "25", unit: "MT", unit_price_minor: 32_000 }],
    );
    await source.db.insertInto("quote_numbers").values({ year: 2026, last: 7 }).execute();
    await source.db
      .insertInto("product_quoted_prices")
      .values({
        product_id: product!.id,
        incoterm: "FOB",
        currency: "USD",
        unit: "MT",
        unit_price_minor: 32_000,
        quote_id: quoteId,
        quoted_at: nowIso(),
      })
      .execute();
    await insertDemandDay(source.db, { day: "2026-11-20", product_id: product!.id, country: "BD", count: 12 });
    await insertDemandDay(source.db, { day: "2026-11-20", product_id: product!.id, country: "AE", count: 3 });
    for (const table of ["languages", "content_translations"] as const)
      expect((await source.db.selectFrom(table).selectAll().execute()).length, table).toBeGreaterThan(0);

    const first = path.join(work, "first.backup.gz");
    const second = path.join(work, "second.backup.gz");
    const written = await writeBackup(source.db, source.storage, first);
    const missingBefore = [
      "quotes",
      "quote_lines",
      "quote_numbers",
      "product_quoted_prices",
      "content_translations",
      "languages",
      "demand_daily",
    ];
    for (const table of missingBefore) expect(written.rows[table], table).toBeGreaterThan(0);
    const middleStorage = createLocalStorage(path.join(middle.dataDir, "storage"));
    expect((await restoreBackup(middle.db, middleStorage, first)).rows).toEqual(written.rows);
    expect((await writeBackup(middle.db, middleStorage, second)).rows).toEqual(written.rows);
    expect((await restoreBackup(last.db, last.storage, second)).rows).toEqual(written.rows);

    // Row for row, value for value, between the two SQLite sites.
    for (const table of BACKED_UP_TABLES)
      expect(await allRows(last.db, table), table).toEqual(await allRows(source.db, table));

    expect(
      await last.db.selectFrom("inquiries").select(["country", "country_code"]).where("id", "=", inquiry!.id).execute(),
    ).toEqual([{ country: "UAE", country_code: "AE" }]);

    // Restored again over itself (--force), nothing is cut: the quote keeps its request and product, the prices stay.
    await restoreBackup(middle.db, middleStorage, first, { force: true });
    const [quote] = await middle.db.selectFrom("quotes").select("inquiry_id").where("id", "=", quoteId).execute();
    expect(quote!.inquiry_id).toBe(inquiry!.id);
    const [line] = await middle.db
      .selectFrom("quote_lines")
      .select("product_id")
      .where("quote_id", "=", quoteId)
      .execute();
    expect(line!.product_id).toBe(product!.id);
    expect(await middle.db.selectFrom("product_quoted_prices").selectAll().execute()).toHaveLength(1);

    for (const [db, dataDir, storage] of [
      [middle.db, middle.dataDir, middleStorage],
      [last.db, path.join(work, "last"), last.storage],
    ] as const) {
      const { request } = await createTestApp(db, dataDir, {}, { storage });
      const page = await request(`/quotes/${token}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Q-2026-0007");
      expect((await request("/ar")).status).toBe(200);
      expect((await request("/bn")).status).toBe(200);
    }
  }, 180_000);
});
