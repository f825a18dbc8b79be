import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.

export const orderProformas: Migration = {
  async up(db: Kysely<any>) {
    // Each proforma invoice sent to the buyer (issue 44): numbered revisions of one order, the PDF stored as it was
    // sent. A change to the order after sending makes the next revision; a sent one is never edited.
    await db.schema
      .createTable("order_proformas")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      /** 1, 2, ... within the order. */
      .addColumn("revision", "integer", (c) => c.notNull())
      /** The order's version it was made from. */
      .addColumn("order_version", "integer", (c) => c.notNull())
      /** A hash of what it prints: a send when the order prints otherwise (terms, parties) makes the next revision. */
      .addColumn("content_key", "text", (c) => c.notNull())
      /** The day it carries (YYYY-MM-DD, the site's time zone). */
      .addColumn("issued_on", "text", (c) => c.notNull())
      /** The PDF as sent, a private object: `order-proformas/<order id>/<id>.pdf.document`. */
      .addColumn("file_path", "text", (c) => c.notNull())
      .addColumn("recipient", "text", (c) => c.notNull())
      .addColumn("sent_by_id", "text")
      .addColumn("sent_by_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("sent_at", "text", (c) => c.notNull())
      .addUniqueConstraint("order_proformas_revision_key", ["order_id", "revision"])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("order_proformas").execute();
  },
};
