import { type Kysely, type Migration, sql } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.

const SHIPMENT_STATUSES = sql`status in ('planned', 'stuffed', 'sailed', 'arrived', 'delivered')`;
const CONTAINER_TYPES = sql`container_type in ('20', '40', '40hc', 'reefer')`;

export const shipments: Migration = {
  async up(db: Kysely<any>) {
    // An order's shipments (issue 44), one or more (partial shipments): the voyage, the bill of lading, the status.
    await db.schema
      .createTable("shipments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
      /** 1, 2, ... within the order: "SO-2026-0001/2". */
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("planned").check(SHIPMENT_STATUSES))
      .addColumn("shipping_line", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("vessel", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("voyage", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("port_of_loading", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("port_of_discharge", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("etd", "text")
      .addColumn("eta", "text")
      .addColumn("bl_number", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("bl_date", "text")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("shipments_order_position_key", ["order_id", "position"])
      .execute();
    // 'Shipments at Sea' reads the sailed ones by ETA.
    await db.schema.createIndex("shipments_status_eta_idx").on("shipments").columns(["status", "eta"]).execute();
    await db.schema
      .createTable("shipment_containers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("shipment_id", "text", (c) => c.notNull().references("shipments.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      /** ISO 6346, check digit verified: "MSCU1234566". */
      .addColumn("number", "text", (c) => c.notNull())
      .addColumn("seal", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("container_type", "text", (c) => c.notNull().check(CONTAINER_TYPES))
      /** A reefer's set temperature in °C, as typed ("2" or "-1.5"). */
      .addColumn("set_temperature", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("shipment_containers_number_key", ["shipment_id", "number"])
      .execute();
    // Per container what it carries of each order line: quantity, packages, weights (decimals as typed, kg).
    await db.schema
      .createTable("container_lines")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("container_id", "text", (c) => c.notNull().references("shipment_containers.id").onDelete("cascade"))
      .addColumn("order_line_id", "text", (c) => c.notNull().references("order_lines.id").onDelete("cascade"))
      .addColumn("quantity", "text", (c) => c.notNull())
      .addColumn("packages", "integer", (c) => c.notNull())
      .addColumn("package_kind", "text", (c) => c.notNull())
      .addColumn("net_kg", "text", (c) => c.notNull())
      .addColumn("gross_kg", "text", (c) => c.notNull())
      .addUniqueConstraint("container_lines_line_key", ["container_id", "order_line_id"])
      .execute();
    // The document set: those made here (commercial invoice, packing list; their facts frozen as made, so a later
    // change to a container shows as a difference) and those others issue, uploaded with their numbers and dates.
    await db.schema
      .createTable("shipment_documents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("shipment_id", "text", (c) => c.notNull().references("shipments.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("number", "text", (c) => c.notNull())
      .addColumn("issued_on", "text", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1))
      /** JSON: what the document states (DocumentFacts without kind and label); a made one's whole content. */
      .addColumn("facts", "text", (c) => c.notNull().defaultTo("{}"))
      /** An uploaded document's file (private: never under /media). */
      .addColumn("file_path", "text")
      .addColumn("file_name", "text")
      .addColumn("content_type", "text")
      .addColumn("file_size", "integer")
      /** The differences a person looked at and accepted (their sentences, JSON), who and when. */
      .addColumn("accepted_differences", "text")
      .addColumn("accepted_by_name", "text")
      .addColumn("accepted_at", "text")
      .addColumn("created_by_name", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("shipment_documents_shipment_idx")
      .on("shipment_documents")
      .columns(["shipment_id", "kind"])
      .execute();
    // One made document per kind and shipment: made again, it is a new revision under the same number.
    await db.schema
      .createIndex("shipment_documents_made_key")
      .on("shipment_documents")
      .columns(["shipment_id", "kind"])
      .unique()
      .where(sql.ref("file_path"), "is", null)
      .execute();
    // `CI-2026-0001`, `PL-2026-0001`: a counter per series and year, never given twice across instances.
    await db.schema
      .createTable("document_numbers")
      .addColumn("series", "text", (c) => c.notNull())
      .addColumn("year", "integer", (c) => c.notNull())
      .addColumn("last", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("document_numbers_pkey", ["series", "year"])
      .execute();
    // What an importing country asks for: the documents a shipment to it needs, kept by the administrator.
    await db.schema
      .createTable("country_documents")
      .addColumn("country", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("country_documents_pkey", ["country", "kind"])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of [
      "country_documents",
      "document_numbers",
      "shipment_documents",
      "container_lines",
      "shipment_containers",
      "shipments",
    ])
      await db.schema.dropTable(table).execute();
  },
};
