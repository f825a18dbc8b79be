import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const catalogueGrowthIndexes: Migration = {
  async up(db: Kysely<any>) {
    // The back office's product list is newest first, ties by id (issue 42). With `created_at` alone in an index,
    // the products of one CSV import (all created in the same instant) were sorted whole on every request: 100,000
    // of them made page 1 take most of a second. With the tie-breaker in the index, a page walks it in order.
    await db.schema
      .createIndex("products_created_at_id_idx")
      .on("products")
      .columns(["created_at desc", "id"])
      .execute();
    // The newest change among published products (the sitemap's lastmod for the static pages) reads one entry of this
    // index instead of every product.
    await db.schema
      .createIndex("products_status_updated_at_idx")
      .on("products")
      .columns(["status", "updated_at"])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex("products_status_updated_at_idx").execute();
    await db.schema.dropIndex("products_created_at_id_idx").execute();
  },
};
