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

/** The translated slugs of some things: language → thing id → slug. */
export async function translatedSlugsOf(
  db: Db,
  entity: TranslatedEntity,
  ids: readonly string[],
): Promise<Map<string, Map<string, string>>> {
  const slugs = new Map<string, Map<string, string>>();
  if (ids.length === 0) return slugs;
  const rows = await db
    .selectFrom("content_translations")
    .select(["lang", "entity_id", "value"])
    .where("entity", "=", entity)
    .where("entity_id", "in", ids)
    .where("field", "=", "slug")
    .execute();
  for (const row of rows) {
    if (!slugs.has(row.lang)) slugs.set(row.lang, new Map());
    slugs.get(row.lang)!.set(row.entity_id, row.value);
  }
  return slugs;
}

/**
 * A product's translations follow it to another category: their scope becomes the new category. A translated slug
 * the new category already has in that language (another product's) is dropped, so the English slug answers there
 * instead of the save failing on the unique index.
 */
export async function moveProductTranslations(db: Db, productId: string, toCategoryId: string): Promise<void> {
  const taken = await db
    .selectFrom("content_translations as mine")
    .innerJoin("content_translations as other", (join) =>
      join
        .onRef("other.lang", "=", "mine.lang")
        .onRef("other.value", "=", "mine.value")
        .on("other.entity", "=", "product")
        .on("other.field", "=", "slug")
        .on("other.scope", "=", toCategoryId)
        .on("other.entity_id", "!=", productId),
    )
    .select("mine.lang")
    .where("mine.entity", "=", "product")
    .where("mine.entity_id", "=", productId)
    .where("mine.field", "=", "slug")
    .execute();
  for (const { lang } of taken)
    await db
      .deleteFrom("content_translations")
      .where("entity", "=", "product")
      .where("entity_id", "=", productId)
      .where("lang", "=", lang)
      .where("field", "=", "slug")
      .execute();
  await db
    .updateTable("content_translations")
    .set({ scope: toCategoryId })
    .where("entity", "=", "product")
    .where("entity_id", "=", productId)
    .execute();
}

/** An item's translations as a version keeps them: `{lang: {field: text}}` (any translated kind). */
export async function translationsSnapshot(db: Db, entity: TranslatedEntity, id: string) {
  const rows = await db
    .selectFrom("content_translations")
    .select(["lang", "field", "value"])
    .where("entity", "=", entity)
    .where("entity_id", "=", id)
    .orderBy("lang")
    .orderBy("field")
    .execute();
  const translations: Record<string, Record<string, string>> = {};
  for (const row of rows) (translations[row.lang] ??= {})[row.field] = row.value;
  return translations;
}
