import type { Db } from "~/db/database.server";

/** Public order (spec §7): sort_order ascending, then newest first. */
export async function listGalleryItems(db: Db) {
  return db
    .selectFrom("gallery_items")
    .select(["id", "title", "image_url"])
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "desc")
    .execute();
}
