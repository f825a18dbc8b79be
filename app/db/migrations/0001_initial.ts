import { sql, type Kysely, type Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
const timestamps = <T extends { addColumn: (n: string, t: "text", b?: (c: any) => any) => T }>(t: T) =>
  t.addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull());

export const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .$call(timestamps)
      .execute();

    await db.schema
      .createTable("profiles")
      .addColumn("id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("full_name", "text")
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) =>
        c
          .notNull()
          .defaultTo("user")
          .check(sql`role in ('user', 'admin')`),
      )
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

    await db.schema
      .createTable("login_throttle")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("first_failure_at", "text", (c) => c.notNull())
      .addColumn("locked_until", "text")
      .execute();

    await db.schema
      .createTable("setup_tokens")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("site_settings")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("setting_key", "text", (c) => c.notNull().unique())
      .addColumn("setting_value", "text", (c) => c.notNull())
      .addColumn("description", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("page_content")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("page_slug", "text", (c) => c.notNull())
      .addColumn("section_slug", "text", (c) => c.notNull())
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull().defaultTo("text"))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("page_content_page_section_key", ["page_slug", "section_slug"])
      .execute();

    await db.schema
      .createTable("product_categories")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("description", "text")
      .addColumn("image_url", "text")
      .$call(timestamps)
      .execute();

    await db.schema
      .createTable("products")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull())
      // RESTRICT: the database itself refuses to delete a category that products still use.
      .addColumn("category_id", "text", (c) => c.notNull().references("product_categories.id").onDelete("restrict"))
      .addColumn("description", "text")
      .addColumn("image_url", "text")
      .addColumn("gallery_images", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("specifications", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("export_info", "text")
      .addColumn("is_featured", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`is_featured in (0, 1)`),
      )
      .$call(timestamps)
      .addUniqueConstraint("products_category_slug_key", ["category_id", "slug"])
      .execute();
    await db.schema.createIndex("products_created_at_idx").on("products").column("created_at").execute();

    await db.schema
      .createTable("certificates")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("description", "text")
      .addColumn("authority", "text")
      .addColumn("image_url", "text")
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
      .$call(timestamps)
      .execute();

    await db.schema
      .createTable("gallery_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("title", "text")
      .addColumn("image_url", "text", (c) => c.notNull())
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
      .$call(timestamps)
      .execute();

    await db.schema
      .createTable("blog_posts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("excerpt", "text")
      .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("author_name", "text")
      .addColumn("featured_image_url", "text")
      .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("draft")
          .check(sql`status in ('draft', 'published', 'archived')`),
      )
      .addColumn("published_at", "text")
      .$call(timestamps)
      .execute();
    await db.schema
      .createIndex("blog_posts_status_published_idx")
      .on("blog_posts")
      .columns(["status", "published_at"])
      .execute();
  },
};
