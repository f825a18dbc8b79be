import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const outbox: Migration = {
  async up(db: Kysely<any>) {
    // One outbox for the emails the product sends (issue 38, ADR 0048): a row written in the same transaction as
    // what it announces, delivered by whichever instance claims it first (`due_at` moved past the claim's end), retried
    // with back-off. `about` names the item it belongs to (`quote:<id>`), for its page to show how it went.
    await db.schema
      .createTable("outbox")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("about", "text", (c) => c.notNull())
      .addColumn("recipient", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("due_at", "text")
      .addColumn("sent_at", "text")
      .addColumn("error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("outbox_due_at_idx").on("outbox").column("due_at").execute();
    await db.schema.createIndex("outbox_about_idx").on("outbox").column("about").execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("outbox").execute();
  },
};
