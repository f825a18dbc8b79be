import type { Db } from "~/db/database.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";

/** A translated item's fields by name (`name`, `spec:Variety:value`, `trade:origin`, …). */
export type TranslatedFields = ReadonlyMap<string, string>;

const NONE: TranslatedFields = new Map();

/**
 * The translations of `ids` of one kind (`content_translations`, issue 26) in `lang`, by id; an id without any is
 * absent and reads in English. English reads nothing. (The PDFs' own small read: the public pages read through the
 * translations feature.)
 */
export async function readSheetTranslations(
  db: Db,
  entity: "product" | "category" | "certificate" | "page_content" | "setting",
  ids: readonly string[],
  lang: Language,
): Promise<Map<string, TranslatedFields>> {
  const byId = new Map<string, Map<string, string>>();
  if (lang === DEFAULT_LANGUAGE || !ids.length) return byId;
  const rows = await db
    .selectFrom("content_translations")
    .select(["entity_id", "field", "value"])
    .where("entity", "=", entity)
    .where("lang", "=", lang)
    .where("entity_id", "in", [...new Set(ids)])
    .execute();
  for (const row of rows) {
    if (!row.value.trim()) continue;
    let fields = byId.get(row.entity_id);
    if (!fields) byId.set(row.entity_id, (fields = new Map()));
    fields.set(row.field, row.value);
  }
  return byId;
}

export const fieldsOf = (translations: Map<string, TranslatedFields>, id: string): TranslatedFields =>
  translations.get(id) ?? NONE;

/**
 * The id of the category or product whose slug in `lang` is `slug` (the translated slug, `scope` the product's
 * category), or null when no translation has that slug: the English slug then answers.
 */
export async function idOfTranslatedSlug(
  db: Db,
  entity: "product" | "category",
  lang: Language,
  slug: string,
  scope = "",
): Promise<string | null> {
  if (lang === DEFAULT_LANGUAGE) return null;
  const row = await db
    .selectFrom("content_translations")
    .select("entity_id")
    .where("entity", "=", entity)
    .where("lang", "=", lang)
    .where("field", "=", "slug")
    .where("scope", "=", scope)
    .where("value", "=", slug)
    .executeTakeFirst();
  return row?.entity_id ?? null;
}
