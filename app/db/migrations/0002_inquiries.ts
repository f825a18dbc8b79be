import { sql, type Kysely, type Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const inquiries: Migration = {
  async up(db: Kysely<any>) {
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
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("new")
          .check(sql`status in ('new', 'replied', 'closed')`),
      )
      .addColumn("notified_at", "text")
      .addColumn("notify_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("inquiries_created_at_idx").on("inquiries").column("created_at").execute();
    await db.schema
      .createIndex("inquiries_status_created_at_idx")
      .on("inquiries")
      .columns(["status", "created_at"])
      .execute();

    // Per-installation secrets made on first use (the salt of the inquiry senders' IP hashes).
    await db.schema
      .createTable("app_secrets")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("app_secrets").execute();
    await db.schema.dropTable("inquiries").execute();
  },
};
