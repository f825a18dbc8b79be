import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Migrator, sql, type Insertable } from "kysely";
import { createDatabase, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { migrations } from "~/db/migrations";
import type { InquiriesTable, ProductsTable, QuoteLinesTable, QuotesTable } from "~/db/schema";
import { lineTotalMinor } from "~/lib/money";
import type { Actor } from "~/lib/actor";
import { slugify } from "~/lib/slug";
import { newId, nowIso } from "~/lib/time";
import { insertCertificate } from "./builders";

export const usingPostgres = !!process.env.TEST_DATABASE_URL;
export const engineName = usingPostgres ? "PostgreSQL" : "SQLite";

export interface TestDatabase {
  db: Db;
  dataDir: string;
  /** DATABASE_URL for a child process that must see the same database (empty for SQLite). */
  databaseUrl: string | undefined;
  cleanup(): Promise<void>;
}

/**
 * A real, migrated database of its own: an SQLite file in a temporary folder, or, when TEST_DATABASE_URL is
 * set, a fresh PostgreSQL schema (so test files can run in parallel on one server).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-test-"));
  const url = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (url) {
    schema = `t_${randomBytes(6).toString("hex")}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const db = createDatabase({ databaseUrl: url, dataDir, pgSchema: schema });
  if (options.migrate !== false) await migrateToLatest(db);
  const databaseUrl = url && schema ? withSearchPath(url, schema) : undefined;
  return {
    db,
    dataDir,
    databaseUrl,
    async cleanup() {
      await db.destroy();
      if (url && schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrator over the app's migrations for a database made with `{ migrate: false }`, its bookkeeping in the test's
 * own schema on PostgreSQL: a migration test takes the database to the migration before its own, writes rows as
 * they were, then migrates on.
 */
export async function testMigrator(db: Db): Promise<Migrator> {
  const schema = usingPostgres
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema
    : undefined;
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
}

export function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

/** Runs `fn` while the database refuses every `event` on `table` (a trigger), to test what a failed write leaves. */
export async function whileRefusing(db: Db, table: string, event: "insert" | "update", fn: () => Promise<void>) {
  const { sql } = await import("kysely");
  const name = sql.raw(`refuse_${table}_${event}`);
  const target = sql.raw(table);
  const on = sql.raw(event);
  if (usingPostgres) {
    await sql`create or replace function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
      db,
    );
    await sql`create trigger ${name} before ${on} on ${target} for each row execute function refuse_write()`.execute(
      db,
    );
  } else {
    await sql`create trigger ${name} before ${on} on ${target} begin select raise(abort, 'refused'); end`.execute(db);
  }
  try {
    await fn();
  } finally {
    await sql`drop trigger ${name} ${usingPostgres ? sql`on ${target}` : sql``}`.execute(db);
  }
}

/** A product category row with a new id, as the back office would leave it; returns the id. */
export async function insertCategory(
  db: Db,
  values: { name: string; slug: string; description?: string | null },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto("product_categories")
    .values({ id, description: null, image_url: null, ...values, created_at: now, updated_at: now })
    .execute();
  return id;
}

export type ProductOverrides = Partial<Insertable<ProductsTable>> & { category_id: string };

/**
 * A product row as the back office would leave it, from what a test cares about: a new id, a name and slug of its
 * own unless given, no description, pictures, specifications or export notes, the stored default trade terms
 * (none), not featured, made now.
 */
export function productRow(values: ProductOverrides): Insertable<ProductsTable> & { id: string } {
  const id = values.id ?? newId();
  const name = values.name ?? `Product ${id.slice(0, 8)}`;
  const now = nowIso();
  return {
    slug: slugify(name),
    description: null,
    image_url: null,
    gallery_images: "[]",
    specifications: "{}",
    export_info: null,
    is_featured: 0,
    created_at: now,
    updated_at: now,
    ...values,
    id,
    name,
  };
}

/** Inserts one product (`productRow` fills what `values` leaves out); returns its id. */
export async function insertProduct(db: Db, values: ProductOverrides): Promise<string> {
  const row = productRow(values);
  await db.insertInto("products").values(row).execute();
  return row.id;
}

/** Inserts one new inquiry, as the contact form would store it unless `values` says otherwise; returns its id. */
export async function insertInquiry(db: Db, values: Partial<Insertable<InquiriesTable>> = {}): Promise<string> {
  const now = nowIso();
  const row: Insertable<InquiriesTable> = {
    id: newId(),
    full_name: "A Buyer",
    email: "buyer@example.com",
    phone: "",
    subject: "Onions",
    message: "Price?",
    product_name: null,
    page_path: null,
    ip_hash: "0".repeat(64),
    status: "new",
    notified_at: null,
    notify_error: null,
    created_at: now,
    updated_at: now,
    ...values,
  };
  await db.insertInto("inquiries").values(row).execute();
  return row.id;
}

/**
 * Inserts a quote revision with its lines (the quote desk, issue 28): a draft Q-2026-9001 v1 for the default buyer in
 * USD, FOB, valid for 30 days, unless `values` say otherwise; each line's total is quantity × unit price. Returns
 * the quote's id.
 */
export async function insertQuote(
  db: Db,
  values: Partial<Insertable<QuotesTable>> = {},
  lines: Array<Partial<Insertable<QuoteLinesTable>> & { unit_price_minor: number; quantity: string }> = [
    { product_name: "Nashik Red Onion", quantity: "25", unit: "MT", unit_price_minor: 32_000 },
  ],
): Promise<string> {
  const now = nowIso();
  const id = values.id ?? newId();
  const lineRows = lines.map((line, position) => ({
    id: newId(),
    quote_id: id,
    position,
    product_id: null,
    product_name: "Product",
    grade: null,
    packaging: null,
    unit: "MT",
    line_total_minor: lineTotalMinor(line.quantity, line.unit_price_minor),
    ...line,
  }));
  await db
    .insertInto("quotes")
    .values({
      id,
      number: "Q-2026-9001",
      revision: 1,
      inquiry_id: null,
      buyer_name: "A Buyer",
      buyer_email: "buyer@example.com",
      incoterm: "FOB",
      named_port: "Nhava Sheva",
      valid_until: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      total_minor: lineRows.reduce((sum, line) => sum + line.line_total_minor, 0),
      token: null,
      sent_at: null,
      sent_by_id: null,
      sent_by_name: null,
      viewed_at: null,
      responded_at: null,
      response_note: null,
      response_ip: null,
      created_by_id: null,
      created_at: now,
      updated_at: now,
      ...values,
    })
    .execute();
  if (lineRows.length) await db.insertInto("quote_lines").values(lineRows).execute();
  return id;
}

// Up to 13 columns a row: 500 rows stay far below both engines' limit on bound parameters (32,766 and 65,535).
const PRODUCTS_PER_INSERT = 500;

/** Inserts many products in multi-row inserts (for long lists and benchmarks); returns their ids in order. */
export async function insertProducts(db: Db, values: ProductOverrides[]): Promise<string[]> {
  const rows = values.map(productRow);
  for (let start = 0; start < rows.length; start += PRODUCTS_PER_INSERT)
    await db
      .insertInto("products")
      .values(rows.slice(start, start + PRODUCTS_PER_INSERT))
      .execute();
  return rows.map((row) => row.id);
}

/** The demo's eight certificates (name, issuing authority, number): enough to push a PDF's layout onto more pages. */
export const EIGHT_CERTIFICATES = [
  ["APEDA", "Agricultural and Processed Food Products Export Development Authority", "RCMC/APEDA/05123/2024-2025"],
  ["FSSAI", "Food Safety and Standards Authority of India", "10024051000387"],
  ["ISO 22000", "NABCB-accredited certification body", "IN-FSMS-22000-3071"],
  ["GLOBALG.A.P.", "GLOBALG.A.P. approved certification body", "4063061893412"],
  ["MSME", "Ministry of Micro, Small and Medium Enterprises", "UDYAM-UP-43-0012874"],
  ["IEC", "Directorate General of Foreign Trade", "AABCA1234F"],
  ["Spices Board", "Spices Board of India, Ministry of Commerce and Industry", "SB/CRES/KNP/2023-24/0417"],
  ["HACCP", "Accredited HACCP certification body for food exporters", "HACCP-IN-2024-55-0912"],
] as const;

/** Inserts certificates in the order given (their sort order), valid long after any test runs. */
export async function insertCertificates(db: Db, rows: ReadonlyArray<readonly [string, string, string]>) {
  for (const [i, [name, authority, number]] of rows.entries())
    await insertCertificate(db, {
      name,
      authority,
      certificate_number: number,
      sort_order: i,
      valid_until: "2999-03-31",
    });
}

/** The acting administrator for tests that call an admin write function directly rather than through a page. */
export const testActor: Actor = { id: "test-admin", email: "test-admin@example.com", fullName: "Test Admin" };
