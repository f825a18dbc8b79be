import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { ShippedLanguage } from "~/lib/i18n/languages";

/** What the sitemap needs of one thing's translations in one language: which fields are there, and its slug. */
export interface TranslationState {
  fields: Set<string>;
  slug?: string;
}

/** Per id, per language: the translated fields the sitemap looks at (ADR 0030: `content_translations`). */
export type TranslationStates = Map<string, Map<ShippedLanguage, TranslationState>>;

type Entity = "product" | "category" | "blog_post";

/**
 * The translated main fields and slugs of some things in the enabled languages, without their texts (only a
 * slug's value leaves the database). `ids`: up to a few thousand at a time (the sitemap reads products in chunks).
 */
export async function translationStates(
  db: Db,
  entity: Entity,
  fields: readonly string[],
  languages: readonly ShippedLanguage[],
  ids: readonly string[],
): Promise<TranslationStates> {
  const states: TranslationStates = new Map();
  if (!languages.length || !ids.length) return states;
  const rows = await db
    .selectFrom("content_translations")
    .select(["entity_id", "lang", "field", sql<string | null>`case when field = 'slug' then value end`.as("slug")])
    .where("entity", "=", entity)
    .where("lang", "in", [...languages])
    .where("field", "in", [...fields, "slug"])
    .where("value", "<>", "")
    .where("entity_id", "in", [...ids])
    .execute();
  for (const row of rows) {
    let byLang = states.get(row.entity_id);
    if (!byLang) states.set(row.entity_id, (byLang = new Map()));
    const lang = row.lang as ShippedLanguage;
    let state = byLang.get(lang);
    if (!state) byLang.set(lang, (state = { fields: new Set() }));
    state.fields.add(row.field);
    if (row.slug) state.slug = row.slug;
  }
  return states;
}

/** Whether every one of `fields` is translated in `lang` (the page is "available" there, not shown in English). */
export const hasFields = (states: TranslationStates, id: string, lang: ShippedLanguage, fields: readonly string[]) => {
  const state = states.get(id)?.get(lang);
  return !!state && fields.every((field) => state.fields.has(field));
};

/** The thing's slug in `lang`: its translated one, else the English one (which answers there too). */
export const slugIn = (states: TranslationStates, id: string, lang: ShippedLanguage, english: string) =>
  states.get(id)?.get(lang)?.slug ?? english;
