import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const categoryPageIndex: Migration = {
  async up(db: Kysely<any>) {
    // A category page reads 24 products in name order at an offset (issue 13): with this index both engines walk
    // the category's names in order instead of sorting every product of the category on each request. `id` breaks
    // ties between equal names, so no product falls between two pages.
    await db.schema
      .createIndex("products_category_name_idx")
      .on("products")
      .columns(["category_id", "name", "id"])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex("products_category_name_idx").execute();
  },
};
