import type { Db } from "~/db/database.server";

export async function listCategories(db: Db) {
  return db
    .selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url", "updated_at"])
    .where("status", "=", "published") // a draft category is absent from the public site (ADR 0033)
    .orderBy("name", "asc")
    .execute();
}

export async function findCategoryBySlug(db: Db, slug: string) {
  return db
    .selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url", "updated_at"])
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .executeTakeFirst();
}
