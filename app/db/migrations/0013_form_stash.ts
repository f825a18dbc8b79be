import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const formStash: Migration = {
  async up(db: Kysely<any>) {
    // A back-office submission that met an expired session (issue 27, ADR 0036): its text fields, kept for a short
    // while under the hash of a random token that only the sender's browser holds (an HttpOnly cookie), so the
    // form comes back filled once its sender has signed in again. Never backed up: it lives for an hour.
    await db.schema
      .createTable("form_stash")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("ip", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("entries", "text", (c) => c.notNull())
      .addColumn("size", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("form_stash_expires_idx").on("form_stash").columns(["expires_at"]).execute();
    await db.schema.createIndex("form_stash_ip_idx").on("form_stash").columns(["ip", "created_at"]).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("form_stash").execute();
  },
};
