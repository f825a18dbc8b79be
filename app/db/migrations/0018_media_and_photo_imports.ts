import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const mediaAndPhotoImports: Migration = {
  async up(db: Kysely<any>) {
    // The registry of stored pictures (issue 29, ADR 0042): one row per stored original, found by the SHA-256 of the
    // bytes it was made from, so the same picture sent twice is stored once. The media library builds on it.
    await db.schema
      .createTable("media")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("storage_key", "text", (c) => c.notNull().unique())
      .addColumn("sha256", "text", (c) => c.notNull().unique())
      .addColumn("byte_size", "integer", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("alt_text", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    // A ZIP of photos on its way in: its plan, its progress (entries done of total) and what each file gave.
    await db.schema
      .createTable("photo_import_jobs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("total", "integer", (c) => c.notNull())
      .addColumn("done", "integer", (c) => c.notNull())
      .addColumn("plan", "text", (c) => c.notNull())
      .addColumn("results", "text", (c) => c.notNull())
      .addColumn("stored", "text", (c) => c.notNull())
      .addColumn("error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("photo_import_jobs_user_idx")
      .on("photo_import_jobs")
      .columns(["user_id", "created_at"])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("photo_import_jobs").execute();
    await db.schema.dropTable("media").execute();
  },
};
