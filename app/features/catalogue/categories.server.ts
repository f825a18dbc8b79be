import type { Db } from "~/db/database.server";

export async function listCategories(db: Db) {
  return db
    .selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url", "updated_at"])
    .orderBy("name", "asc")
    .execute();
}

export async function findCategoryBySlug(db: Db, slug: string) {
  return db
    .selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url", "updated_at"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}
