import { type Kysely, type Migration, sql } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const languages: Migration = {
  async up(db: Kysely<any>) {
    // The shipped languages an administrator has enabled (issue 26). English is always on and has no row.
    await db.schema
      .createTable("languages")
      .addColumn("code", "text", (c) => c.primaryKey())
      .addColumn("enabled", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`enabled in (0, 1)`),
      )
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    // The language the buyer wrote in (the page's), for the back office's filter and the receipt's language.
    await db.schema
      .alterTable("inquiries")
      .addColumn("lang", "text", (c) => c.notNull().defaultTo("en"))
      .execute();
    await db.schema.createIndex("inquiries_lang_created_idx").on("inquiries").columns(["lang", "created_at"]).execute();

    // Every translated field of every translated thing, one row each (ADR 0030): `entity` names the table
    // (product, category, certificate, gallery_item, blog_post, page_content, setting), `field` the field (`name`,
    // `slug`, `spec:<English key>:name`…). `source_hash` is the hash of the English text the translation was made
    // from: a different hash today makes it outdated. `scope` narrows a slug's uniqueness (a product's category).
    await db.schema
      .createTable("content_translations")
      .addColumn("entity", "text", (c) => c.notNull())
      .addColumn("entity_id", "text", (c) => c.notNull())
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("field", "text", (c) => c.notNull())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("scope", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("source_hash", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("content_translations_pkey", ["entity", "entity_id", "lang", "field"])
      .execute();
    // Slugs are unique per language (and a product's per category), may repeat across languages, and are looked
    // up by this index: a partial index, the same DDL on SQLite and PostgreSQL.
    await db.schema
      .createIndex("content_translations_slug_key")
      .on("content_translations")
      .columns(["entity", "lang", "scope", "value"])
      .unique()
      .where(sql.ref("field"), "=", "slug")
      .execute();
    await db.schema
      .createIndex("content_translations_lang_idx")
      .on("content_translations")
      .columns(["lang", "entity"])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("content_translations").execute();
    await db.schema.dropIndex("inquiries_lang_created_idx").execute();
    await db.schema.alterTable("inquiries").dropColumn("lang").execute();
    await db.schema.dropTable("languages").execute();
  },
};
