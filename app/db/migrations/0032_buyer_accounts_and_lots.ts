import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.

export const buyerAccountsAndLots: Migration = {
  async up(db: Kysely<any>) {
    // A buyer company that can sign in to its own page (issue 45, ADR 0066): one or more email addresses, each the
    // address of its inquiries and quotes. Made on the first sign-in link asked for a known address, or by an
    // administrator joining addresses; never granted anything under /admin.
    await db.schema
      .createTable("buyers")
      .addColumn("id", "text", (c) => c.primaryKey())
      /** The company as the team names it (the first inquiry's company when made by a sign-in). */
      .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
      /** Set by an administrator: no sign-in link is sent, and every session ends. */
      .addColumn("disabled_at", "text")
      .addColumn("last_sign_in_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    // Each address belongs to one buyer at most: the key is `emailKey` (lib/buyer-keys.ts), as inquiries store it.
    await db.schema
      .createTable("buyer_emails")
      .addColumn("email_key", "text", (c) => c.primaryKey())
      .addColumn("buyer_id", "text", (c) => c.notNull().references("buyers.id").onDelete("cascade"))
      .addColumn("added_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("buyer_emails_buyer_idx").on("buyer_emails").column("buyer_id").execute();
    // Single-use sign-in links, valid 15 minutes; only the token's hash is kept.
    await db.schema
      .createTable("buyer_sign_in_links")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("buyer_id", "text", (c) => c.notNull().references("buyers.id").onDelete("cascade"))
      .addColumn("email_key", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();
    // A buyer's sessions: their own table and cookie, apart from the team's `sessions`.
    await db.schema
      .createTable("buyer_sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("buyer_id", "text", (c) => c.notNull().references("buyers.id").onDelete("cascade"))
      /** The address whose link opened it. */
      .addColumn("email_key", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("buyer_sessions_buyer_idx").on("buyer_sessions").column("buyer_id").execute();

    // The lots a container line carries (issue 45, ADR 0067): where the produce came from and how it was tested,
    // each with a code that cannot be guessed from another, printed as a QR code that opens `/lots/{code}`.
    await db.schema
      .createTable("shipment_lots")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("shipment_id", "text", (c) => c.notNull().references("shipments.id").onDelete("cascade"))
      .addColumn("container_line_id", "text", (c) => c.notNull().references("container_lines.id").onDelete("cascade"))
      /** 1, 2, ... within the shipment, as the packing list and the label sheet print them. */
      .addColumn("position", "integer", (c) => c.notNull())
      /** Random, unique across the site: the lot page's address. */
      .addColumn("code", "text", (c) => c.notNull().unique())
      /** The region or registered farm of origin, as the exporter writes it. */
      .addColumn("origin", "text", (c) => c.notNull().defaultTo(""))
      /** A farm's registration (APEDA HortiNet / GrapeNet), when the lot has one. */
      .addColumn("farm_registration", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("harvest_date", "text")
      .addColumn("packing_date", "text")
      /** The residue or lab test: who tested, and the result in words ("No residue above EU MRLs"). */
      .addColumn("test_lab", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("test_result", "text", (c) => c.notNull().defaultTo(""))
      /** The test report, a private file: `shipment-lots/<shipment id>/<id>.<ext>.document`. */
      .addColumn("report_path", "text")
      .addColumn("report_name", "text")
      .addColumn("report_type", "text")
      .addColumn("report_size", "integer")
      /** 1: the report may be downloaded from the public lot page. */
      .addColumn("report_public", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("phyto_number", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("shipment_lots_position_key", ["shipment_id", "position"])
      .execute();
    await db.schema.createIndex("shipment_lots_line_idx").on("shipment_lots").column("container_line_id").execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("shipment_lots").execute();
    await db.schema.dropTable("buyer_sessions").execute();
    await db.schema.dropTable("buyer_sign_in_links").execute();
    await db.schema.dropTable("buyer_emails").execute();
    await db.schema.dropTable("buyers").execute();
  },
};
