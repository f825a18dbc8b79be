import { type Kysely, type Migration, sql } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const history: Migration = {
  async up(db: Kysely<any>) {
    // The activity log (issue 27, ADR 0032): one row per back-office event, written in the same transaction as the
    // change it describes. The actor's name and email are copied, so a deleted account's rows still say who.
    await db.schema
      .createTable("activity")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_id", "text")
      .addColumn("actor_email", "text")
      .addColumn("actor_name", "text")
      .addColumn("ip", "text")
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("entity", "text")
      .addColumn("entity_id", "text")
      .addColumn("entity_label", "text")
      .addColumn("summary", "text", (c) => c.notNull())
      .addColumn("change_set", "text")
      .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
      .execute();
    await db.schema.createIndex("activity_at_idx").on("activity").columns(["at"]).execute();
    await db.schema.createIndex("activity_entity_idx").on("activity").columns(["entity", "entity_id", "at"]).execute();
    await db.schema.createIndex("activity_actor_idx").on("activity").columns(["actor_id", "at"]).execute();
    await db.schema.createIndex("activity_change_set_idx").on("activity").columns(["change_set"]).execute();

    // Versions (ADR 0031): the whole of an item as saved, one row per save, numbered per item. Never edited.
    await db.schema
      .createTable("versions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("entity_id", "text", (c) => c.notNull())
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("activity_id", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_name", "text")
      .addColumn("snapshot", "text", (c) => c.notNull())
      .addColumn("changed_fields", "text", (c) => c.notNull().defaultTo("[]"))
      .addUniqueConstraint("versions_entity_number_key", ["entity", "entity_id", "number"])
      .execute();
    await db.schema.createIndex("versions_at_idx").on("versions").columns(["at"]).execute();

    // Draft / Published for the catalogue, and a publishing time for scheduled items (UTC; null: not scheduled).
    for (const table of ["products", "product_categories"]) {
      await db.schema
        .alterTable(table)
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .defaultTo("published")
            .check(sql`status in ('draft', 'published')`),
        )
        .execute();
    }
    for (const table of ["products", "blog_posts"]) {
      await db.schema.alterTable(table).addColumn("publish_at", "text").execute();
      await db.schema.createIndex(`${table}_publish_at_idx`).on(table).columns(["publish_at"]).execute();
    }
  },
  async down(db: Kysely<any>) {
    for (const table of ["products", "blog_posts"]) {
      await db.schema.dropIndex(`${table}_publish_at_idx`).execute();
      await db.schema.alterTable(table).dropColumn("publish_at").execute();
    }
    for (const table of ["products", "product_categories"]) {
      await db.schema.alterTable(table).dropColumn("status").execute();
    }
    await db.schema.dropTable("versions").execute();
    await db.schema.dropTable("activity").execute();
  },
};
