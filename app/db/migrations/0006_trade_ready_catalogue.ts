import { sql, type Kysely, type Migration } from "kysely";
import { isPostgres } from "~/db/database.server";

// Frozen once landed: change the schema with a new migration, never by editing this one.

const PIPELINE = sql`status in ('new', 'contacted', 'quoted', 'won', 'lost', 'closed')`;

/**
 * Export terms on products; quote requests (an inquiry of kind 'quote' with its lines) and the lead pipeline
 * (statuses new → contacted → quoted → won / lost, closed; an assignee; internal notes).
 */
export const tradeReadyCatalogue: Migration = {
  async up(db: Kysely<any>) {
    // The typed export terms, one JSON object checked by `tradeTermsShape` (ADR 0023).
    await db.schema
      .alterTable("products")
      .addColumn("trade_terms", "text", (c) => c.notNull().defaultTo("{}"))
      .execute();

    if (isPostgres(db as never)) {
      await sql`alter table inquiries drop constraint if exists inquiries_status_check`.execute(db);
      await sql`update inquiries set status = 'contacted' where status = 'replied'`.execute(db);
      await sql`alter table inquiries add constraint inquiries_status_check check (${PIPELINE})`.execute(db);
      await addQuoteColumns(db);
    } else {
      // SQLite cannot change a CHECK constraint: the table is rebuilt with the new one and its rows copied.
      await sql`alter table inquiries rename to inquiries_before_pipeline`.execute(db);
      await sql`drop index if exists inquiries_created_at_idx`.execute(db);
      await sql`drop index if exists inquiries_status_created_at_idx`.execute(db);
      await db.schema
        .createTable("inquiries")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("full_name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("product_name", "text")
        .addColumn("page_path", "text")
        .addColumn("ip_hash", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("new").check(PIPELINE))
        .addColumn("notified_at", "text")
        .addColumn("notify_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await sql`insert into inquiries (id, full_name, email, phone, subject, message, product_name, page_path,
          ip_hash, status, notified_at, notify_error, created_at, updated_at)
        select id, full_name, email, phone, subject, message, product_name, page_path, ip_hash,
          case status when 'replied' then 'contacted' else status end, notified_at, notify_error, created_at, updated_at
        from inquiries_before_pipeline`.execute(db);
      await sql`drop table inquiries_before_pipeline`.execute(db);
      await addQuoteColumns(db);
    }
    await db.schema
      .createIndex("inquiries_created_at_idx")
      .ifNotExists()
      .on("inquiries")
      .column("created_at")
      .execute();
    await db.schema
      .createIndex("inquiries_status_created_at_idx")
      .ifNotExists()
      .on("inquiries")
      .columns(["status", "created_at"])
      .execute();
    await db.schema.createIndex("inquiries_kind_status_idx").on("inquiries").columns(["kind", "status"]).execute();
    await db.schema.createIndex("inquiries_assignee_idx").on("inquiries").column("assignee_id").execute();

    // A quote request's products, each with what the buyer asked for. The name is kept as sent, so a line still
    // reads right after its product is renamed or deleted.
    await db.schema
      .createTable("inquiry_lines")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
      .addColumn("product_name", "text", (c) => c.notNull())
      .addColumn("quantity", "text", (c) => c.notNull())
      .addColumn("unit", "text", (c) => c.notNull())
      .addColumn("grade", "text")
      .addColumn("packaging", "text")
      .execute();
    await db.schema
      .createIndex("inquiry_lines_inquiry_idx")
      .on("inquiry_lines")
      .columns(["inquiry_id", "position"])
      .execute();
    await db.schema.createIndex("inquiry_lines_product_idx").on("inquiry_lines").column("product_id").execute();

    // The team's internal notes on an inquiry; the author's name is kept as it was when the note was written.
    await db.schema
      .createTable("inquiry_notes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("inquiry_id", "text", (c) => c.notNull().references("inquiries.id").onDelete("cascade"))
      .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("author_name", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("inquiry_notes_inquiry_idx")
      .on("inquiry_notes")
      .columns(["inquiry_id", "created_at"])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("inquiry_notes").execute();
    await db.schema.dropTable("inquiry_lines").execute();
    await db.schema.alterTable("products").dropColumn("trade_terms").execute();
  },
};

/** What a quote request adds to an inquiry; a contact message leaves them empty. */
async function addQuoteColumns(db: Kysely<any>) {
  const columns: Array<[string, (c: any) => any]> = [
    [
      "kind",
      (c) =>
        c
          .notNull()
          .defaultTo("contact")
          .check(sql`kind in ('contact', 'quote')`),
    ],
    ["company", (c) => c],
    ["country", (c) => c],
    ["destination_port", (c) => c],
    ["incoterm", (c) => c],
    /** YYYY-MM */
    ["delivery_month", (c) => c],
    ["assignee_id", (c) => c.references("users.id").onDelete("set null")],
  ];
  for (const [name, build] of columns) {
    await db.schema.alterTable("inquiries").addColumn(name, "text", build).execute();
  }
}
