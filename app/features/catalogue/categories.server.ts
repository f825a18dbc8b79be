import type { Db } from "~/db/database.server";
import { publicCategory } from "~/features/publishing/visibility.server";

export async function listCategories(db: Db) {
  return db
    .selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url", "updated_at"])
    .where(publicCategory) // a draft category is absent from the public site (ADR 0033)
    .orderBy("name", "asc")
    .execute();
}

export async function findCategoryBySlug(db: Db, slug: string) {
  return db
    .selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url", "updated_at"])
    .where("slug", "=", slug)
    .where(publicCategory)
    .executeTakeFirst();
}
