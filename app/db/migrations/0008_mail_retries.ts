import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const mailRetries: Migration = {
  async up(db: Kysely<any>) {
    // Each email an inquiry sends (the team's notification; a quote request's receipt to the buyer) is retried with
    // back-off from the database, so any instance may send it and only one does (ADR 0011). A `*_due_at` is when its
    // next try is due, or the end of a running try's claim; null when there is nothing to send (sent, given up, or
    // notifications off). Rows from before keep null: nothing old is sent again.
    await db.schema
      .alterTable("inquiries")
      .addColumn("notify_attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("inquiries").addColumn("notify_due_at", "text").execute();
    await db.schema.alterTable("inquiries").addColumn("receipt_sent_at", "text").execute();
    await db.schema.alterTable("inquiries").addColumn("receipt_error", "text").execute();
    await db.schema
      .alterTable("inquiries")
      .addColumn("receipt_attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("inquiries").addColumn("receipt_due_at", "text").execute();
    await db.schema.createIndex("inquiries_notify_due_at_idx").on("inquiries").column("notify_due_at").execute();
    await db.schema.createIndex("inquiries_receipt_due_at_idx").on("inquiries").column("receipt_due_at").execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex("inquiries_receipt_due_at_idx").execute();
    await db.schema.dropIndex("inquiries_notify_due_at_idx").execute();
    for (const column of [
      "receipt_due_at",
      "receipt_attempts",
      "receipt_error",
      "receipt_sent_at",
      "notify_due_at",
      "notify_attempts",
    ])
      await db.schema.alterTable("inquiries").dropColumn(column).execute();
  },
};
