import type { Db } from "~/db/database.server";

export async function listCategories(db: Db) {
  return db
    .selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url"])
    .orderBy("name", "asc")
    .execute();
}
