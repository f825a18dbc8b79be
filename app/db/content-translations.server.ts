import type { Db } from "./database.server";

/** The kinds of things `content_translations.entity` names (the registry of app/features/translations). */
export type TranslatedEntity =
  "product" | "category" | "certificate" | "gallery_item" | "blog_post" | "page_content" | "setting";

/**
 * Removes a thing's translations in every language. The table has no foreign key (one table for every kind, ADR
 * 0030), so each delete of a translatable thing calls this in its own transaction: no orphan keeps a slug taken.
 * It lives here, below the features, so the catalogue and the blog can call it without depending on the
 * translations feature (which reads them).
 */
export async function deleteTranslationsOf(db: Db, entity: TranslatedEntity, id: string): Promise<void> {
  await db.deleteFrom("content_translations").where("entity", "=", entity).where("entity_id", "=", id).execute();
}
