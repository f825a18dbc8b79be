import { type Kysely, type Migration, sql } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.

const STATUSES = sql`status in ('confirmed', 'in_production', 'shipped', 'completed', 'cancelled')`;
const BALANCE = sql`balance_terms in ('documents', 'cad', 'lc-sight', 'lc-usance')`;

export const orders: Migration = {
  async up(db: Kysely<any>) {
    // After the buyer accepts (issue 44): one order per accepted quote, its lines, prices, currency, Incoterm and
    // port frozen from the accepted revision; the payment terms as data; the exporter's bank details as they were.
    await db.schema
      .createTable("orders")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("quote_id", "text", (c) => c.notNull().unique().references("quotes.id"))
      .addColumn("quote_number", "text", (c) => c.notNull())
      .addColumn("quote_revision", "integer", (c) => c.notNull())
      .addColumn("inquiry_id", "text", (c) => c.references("inquiries.id").onDelete("set null"))
      .addColumn("status", "text", (c) => c.notNull().defaultTo("confirmed").check(STATUSES))
      .addColumn("buyer_name", "text", (c) => c.notNull())
      .addColumn("buyer_email", "text", (c) => c.notNull())
      .addColumn("buyer_company", "text")
      .addColumn("buyer_country", "text")
      .addColumn("lang", "text", (c) => c.notNull().defaultTo("en"))
      .addColumn("consignee", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("notify_party", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("incoterm", "text", (c) => c.notNull())
      .addColumn("named_port", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("total_minor", "integer", (c) => c.notNull())
      .addColumn("advance_percent", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("advance_due_date", "text")
      .addColumn("balance_terms", "text", (c) => c.notNull().defaultTo("documents").check(BALANCE))
      .addColumn("balance_due_date", "text")
      .addColumn("lc_number", "text")
      .addColumn("lc_issuing_bank", "text")
      .addColumn("lc_expiry_date", "text")
      .addColumn("lc_latest_shipment_date", "text")
      .addColumn("lc_usance_days", "integer")
      .addColumn("bank_details", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("token", "text", (c) => c.notNull().unique())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_by_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("orders_status_created_idx").on("orders").columns(["status", "created_at"]).execute();
    await db.schema.createIndex("orders_created_idx").on("orders").columns(["created_at", "id"]).execute();
    await db.schema
      .createTable("order_lines")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
      .addColumn("product_name", "text", (c) => c.notNull())
      .addColumn("grade", "text")
      .addColumn("packaging", "text")
      .addColumn("hs_code", "text")
      .addColumn("quantity", "text", (c) => c.notNull())
      .addColumn("unit", "text", (c) => c.notNull())
      .addColumn("unit_price_minor", "integer", (c) => c.notNull())
      .addColumn("line_total_minor", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("order_lines_order_idx").on("order_lines").columns(["order_id", "position"]).execute();
    // One counter a year: `SO-2026-0001`, never given twice, whichever instance creates it.
    await db.schema
      .createTable("order_numbers")
      .addColumn("year", "integer", (c) => c.primaryKey())
      .addColumn("last", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("order_payments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      .addColumn("part", "text", (c) => c.notNull().check(sql`part in ('advance', 'balance')`))
      .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn("received_on", "text", (c) => c.notNull())
      .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("recorded_by_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("recorded_by_name", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("order_payments_order_idx")
      .on("order_payments")
      .columns(["order_id", "received_on"])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ["order_payments", "order_numbers", "order_lines", "orders"])
      await db.schema.dropTable(table).execute();
  },
};
