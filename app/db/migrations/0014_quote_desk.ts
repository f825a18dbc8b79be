import { sql, type Kysely, type Migration } from "kysely";
import { isPostgres } from "~/db/database.server";

// Frozen once landed: change the schema with a new migration, never by editing this one.

const KINDS = sql`kind in ('contact', 'quote', 'sample')`;
const STATUSES = sql`status in ('new', 'contacted', 'quoted', 'won', 'lost', 'closed', 'spam')`;

/**
 * The quote desk (issue 28, ADR 0037): priced quotes with their lines, numbers and revisions; the last price quoted
 * per product, Incoterm and currency; sample requests (an inquiry of kind 'sample') and spam as a status; the first
 * reply, its due time and a follow-up date on each inquiry; the buyer keys that group one importer's inquiries; and
 * the daily demand counts (ADR 0038).
 */
export const quoteDesk: Migration = {
  async up(db: Kysely<any>) {
    if (isPostgres(db as never)) {
      await sql`alter table inquiries drop constraint if exists inquiries_kind_check`.execute(db);
      await sql`alter table inquiries add constraint inquiries_kind_check check (${KINDS})`.execute(db);
      await sql`alter table inquiries drop constraint if exists inquiries_status_check`.execute(db);
      await sql`alter table inquiries add constraint inquiries_status_check check (${STATUSES})`.execute(db);
    } else {
      await rebuildSqliteInquiries(db);
    }

    const inquiryColumns = [
      // When the desk first answered (first quote sent, first email sent from the desk, or first move to Contacted).
      "first_reply_at",
      // When the first reply is due: the target counted in business hours from arrival (site time zone).
      "reply_due_at",
      // The day the team means to follow up, YYYY-MM-DD in the site's time zone.
      "follow_up_at",
      // One importer's inquiries share these: the email lowercased, the company folded (quote-desk/buyer-keys.ts).
      "email_key",
      "company_key",
      // A sample request's courier address (its product and kilograms are its one line).
      "courier_address",
    ];
    for (const column of inquiryColumns) {
      await db.schema.alterTable("inquiries").addColumn(column, "text").execute();
    }
    await sql`update inquiries set email_key = lower(trim(email))`.execute(db);
    await db.schema.createIndex("inquiries_email_key_idx").on("inquiries").column("email_key").execute();
    await db.schema.createIndex("inquiries_company_key_idx").on("inquiries").column("company_key").execute();
    await db.schema.createIndex("inquiries_follow_up_idx").on("inquiries").column("follow_up_at").execute();
    await db.schema
      .createIndex("inquiries_reply_due_idx")
      .on("inquiries")
      .columns(["status", "reply_due_at"])
      .execute();

    // A quote: one row per revision. Q-2026-0001 v1, v2… share `number`; a sent revision is never written again
    // (frozen), its lines and prices stay as sent whatever happens to the products later.
    await db.schema
      .createTable("quotes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("number", "text", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .addColumn("inquiry_id", "text", (c) => c.references("inquiries.id").onDelete("set null"))
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("draft")
          .check(sql`status in ('draft', 'sent', 'accepted', 'declined', 'changes_requested', 'superseded')`),
      )
      .addColumn("buyer_name", "text", (c) => c.notNull())
      .addColumn("buyer_email", "text", (c) => c.notNull())
      .addColumn("buyer_company", "text")
      .addColumn("buyer_country", "text")
      .addColumn("lang", "text", (c) => c.notNull().defaultTo("en"))
      .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
      .addColumn("incoterm", "text", (c) => c.notNull())
      .addColumn("named_port", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("payment_terms", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("lead_time", "text", (c) => c.notNull().defaultTo(""))
      // YYYY-MM-DD: the buyer may accept until the end of that day in the site's time zone.
      .addColumn("valid_until", "text", (c) => c.notNull())
      .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
      // The sum of the lines in the currency's minor unit (cents, fils…), kept for lists and the CSV export.
      .addColumn("total_minor", "integer", (c) => c.notNull().defaultTo(0))
      // The buyer's link /quotes/{token}: random, unguessable, set when the revision is sent.
      .addColumn("token", "text", (c) => c.unique())
      .addColumn("sent_at", "text")
      .addColumn("sent_by_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("sent_by_name", "text")
      .addColumn("viewed_at", "text")
      .addColumn("responded_at", "text")
      // What the buyer said with a decline or a request for changes.
      .addColumn("response_note", "text")
      // The address the buyer answered from, as the throttles key it (IPv4, or an IPv6 /64).
      .addColumn("response_ip", "text")
      .addColumn("created_by_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("quotes_number_revision_unique", ["number", "revision"])
      .execute();
    await db.schema.createIndex("quotes_inquiry_idx").on("quotes").column("inquiry_id").execute();
    await db.schema.createIndex("quotes_buyer_email_idx").on("quotes").column("buyer_email").execute();
    await db.schema.createIndex("quotes_status_idx").on("quotes").columns(["status", "created_at"]).execute();

    await db.schema
      .createTable("quote_lines")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("quote_id", "text", (c) => c.notNull().references("quotes.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
      .addColumn("product_name", "text", (c) => c.notNull())
      .addColumn("grade", "text")
      .addColumn("packaging", "text")
      // A positive decimal number as text, as on inquiry lines.
      .addColumn("quantity", "text", (c) => c.notNull())
      .addColumn("unit", "text", (c) => c.notNull())
      .addColumn("unit_price_minor", "integer", (c) => c.notNull())
      .addColumn("line_total_minor", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("quote_lines_quote_idx").on("quote_lines").columns(["quote_id", "position"]).execute();

    // The next number of each year: one row per year, raised in the transaction that saves the new quote.
    await db.schema
      .createTable("quote_numbers")
      .addColumn("year", "integer", (c) => c.primaryKey())
      .addColumn("last", "integer", (c) => c.notNull())
      .execute();

    // The last price quoted (sent) for a product, per Incoterm and currency: it pre-fills the next quote.
    await db.schema
      .createTable("product_quoted_prices")
      .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
      .addColumn("incoterm", "text", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("unit", "text", (c) => c.notNull())
      .addColumn("unit_price_minor", "integer", (c) => c.notNull())
      .addColumn("quote_id", "text", (c) => c.references("quotes.id").onDelete("set null"))
      .addColumn("quoted_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("product_quoted_prices_pk", ["product_id", "incoterm", "currency"])
      .execute();

    // Demand, counted per UTC day, product, country and event (ADR 0038); no address or visitor is ever stored.
    await db.schema
      .createTable("demand_daily")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("product_id", "text", (c) => c.notNull())
      // ISO 3166 alpha-2, or '' when unknown.
      .addColumn("country", "text", (c) => c.notNull())
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("demand_daily_pk", ["day", "product_id", "country", "event"])
      .execute();
    await db.schema.createIndex("demand_daily_product_idx").on("demand_daily").columns(["product_id", "day"]).execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ["demand_daily", "product_quoted_prices", "quote_numbers", "quote_lines", "quotes"]) {
      await db.schema.dropTable(table).execute();
    }
    for (const index of [
      "inquiries_reply_due_idx",
      "inquiries_follow_up_idx",
      "inquiries_company_key_idx",
      "inquiries_email_key_idx",
    ]) {
      await db.schema.dropIndex(index).execute();
    }
    for (const column of [
      "courier_address",
      "company_key",
      "email_key",
      "follow_up_at",
      "reply_due_at",
      "first_reply_at",
    ]) {
      await db.schema.alterTable("inquiries").dropColumn(column).execute();
    }
  },
};

/**
 * SQLite cannot change a CHECK constraint. The table is rebuilt as SQLite's documented procedure says: foreign keys
 * off (outside the transaction, where the pragma works), a new table made from the stored definition with the new
 * checks, the rows copied, the old one dropped and the new one renamed, its indexes made again, the keys checked,
 * all in one transaction. The lines and notes that refer to `inquiries` refer to the new table by name.
 */
async function rebuildSqliteInquiries(db: Kysely<any>) {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'inquiries'`
    .execute(db)
    .then((result) => result.rows[0]!.sql);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'index' and tbl_name = 'inquiries' and sql is not null`
    .execute(db)
    .then((result) => result.rows.map((row) => row.sql));
  const kindCheck = /kind in \('contact', 'quote'\)/;
  const statusCheck = /status in \('new', 'contacted', 'quoted', 'won', 'lost', 'closed'\)/;
  if (!kindCheck.test(table) || !statusCheck.test(table)) throw new Error("inquiries: unexpected definition");
  const rebuilt = table
    .replace(/^create table "?inquiries"?/i, 'create table "inquiries_rebuilt"')
    .replace(kindCheck, "kind in ('contact', 'quote', 'sample')")
    .replace(statusCheck, "status in ('new', 'contacted', 'quoted', 'won', 'lost', 'closed', 'spam')");

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql`insert into inquiries_rebuilt select * from inquiries`.execute(db);
      await sql`drop table inquiries`.execute(db);
      await sql`alter table inquiries_rebuilt rename to inquiries`.execute(db);
      for (const index of indexes) await sql.raw(index).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length) throw new Error("inquiries: foreign keys broken by the rebuild");
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
