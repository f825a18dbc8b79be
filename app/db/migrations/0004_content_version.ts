import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const contentVersion: Migration = {
  async up(db: Kysely<any>) {
    // One row whose number every change to public content raises: each instance's page cache compares it with the
    // number its pages were rendered under (ADR 0018).
    await db.schema
      .createTable("content_version")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("version", "integer", (c) => c.notNull())
      .execute();
    await db.insertInto("content_version").values({ id: 1, version: 1 }).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("content_version").execute();
  },
};
