import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const redirectsAndImportDrafts: Migration = {
  async up(db: Kysely<any>) {
    // Old public paths of renamed products, categories and published posts, answered 301 for good. A category's
    // row also stands for every product path below it (`/products/{old}/…`).
    await db.schema
      .createTable("redirects")
      .addColumn("from_path", "text", (c) => c.primaryKey())
      .addColumn("to_path", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("redirects_to_path_idx").on("redirects").column("to_path").execute();

    // A CSV file between its preview and its import, kept on the server so the preview page need not carry it.
    await db.schema
      .createTable("csv_import_drafts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("csv_import_drafts").execute();
    await db.schema.dropTable("redirects").execute();
  },
};
