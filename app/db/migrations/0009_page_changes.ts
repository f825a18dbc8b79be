import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const pageChanges: Migration = {
  async up(db: Kysely<any>) {
    // What each raise of `content_version` changed, by the names pages declare (ADR 0027): each instance's page
    // cache reads the rows past its own version and refreshes only the pages that show what changed. A version
    // without a row (raised by a restore, or by a server from before this table) changed everything.
    await db.schema
      .createTable("page_changes")
      .addColumn("version", "integer", (c) => c.primaryKey())
      .addColumn("tags", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("page_changes").execute();
  },
};
