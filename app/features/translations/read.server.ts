import { enabledLanguages as enabledShippedLanguages } from "~/features/i18n/enabled-languages.server";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { DEFAULT_LANGUAGE, localePath, type Language } from "~/lib/i18n/languages";
import type { TranslatableEntity } from "./registry.server";
import { MAIN_FIELDS } from "./main-fields";

/**
 * The public pages' side of translated content (issue 26, ADR 0030): each field in the page's language, else in
 * English, field by field; which languages a page is available in (its main fields translated) and at which path.
 */

/** A thing's translated fields in one language, by stored field name. */
export type TranslatedFields = Readonly<Record<string, string>>;

/** Alternates: the path of each available version of a page, its own included (hreflang, the switcher, sitemap). */
export type Alternates = Partial<Record<Language, string>>;

/**
 * One language's translations of several things of one kind: Map<id, fields>. English needs none and costs no query.
 * Served by the primary key (entity, entity_id, lang, field).
 */
export async function readTranslations(
  db: Db,
  entity: TranslatableEntity,
  ids: readonly string[],
  lang: Language,
): Promise<Map<string, TranslatedFields>> {
  const found = new Map<string, Record<string, string>>();
  if (lang === DEFAULT_LANGUAGE || ids.length === 0) return found;
  const rows = await db
    .selectFrom("content_translations")
    .select(["entity_id", "field", "value"])
    .where("entity", "=", entity)
    .where("entity_id", "in", [...new Set(ids)])
    .where("lang", "=", lang)
    .execute();
  for (const row of rows) {
    const fields = found.get(row.entity_id) ?? {};
    fields[row.field] = row.value;
    found.set(row.entity_id, fields);
  }
  return found;
}

/**
 * Picks each field in the page's language or, when it has no translation, in English, and lists the fields that
 * fell back (`inEnglish`) so the view can mark them `lang="en"`. An empty English field has nothing to fall back to.
 */
export function fieldPicker(lang: Language, translated: TranslatedFields | undefined) {
  const inEnglish: string[] = [];
  function pick(field: string, english: string): string;
  function pick(field: string, english: string | null): string | null;
  function pick(field: string, english: string | null): string | null {
    const value = translated?.[field];
    if (value?.trim()) return value;
    if (lang !== DEFAULT_LANGUAGE && english?.trim()) inEnglish.push(field);
    return english;
  }
  return { pick, inEnglish };
}

/** The enabled languages, English first: the only ones a page can be available in. */
export async function enabledLanguages(db: Db): Promise<Language[]> {
  return [DEFAULT_LANGUAGE, ...(await enabledShippedLanguages(db))];
}

/** Every language's slugs and main-field presence of a few things, and the page language's fields in full. */
export interface Versions {
  /** The page language's fields of one thing. */
  fields(entity: TranslatableEntity, id: string): TranslatedFields;
  /** One thing's slug in a language, when it has a translated one. */
  slug(entity: TranslatableEntity, id: string, lang: Language): string | undefined;
  /**
   * Whether the thing's main text is translated in a language: every main field whose English is not empty has a
   * translation. `english` gives today's English main fields (an empty one asks for nothing).
   */
  isAvailable(
    entity: TranslatableEntity,
    id: string,
    lang: Language,
    english: Readonly<Record<string, string | null>>,
  ): boolean;
}

/** No translation of anything: what a page falls back to when they cannot be read. */
export const NO_VERSIONS: Versions = {
  fields: () => ({}),
  slug: () => undefined,
  isAvailable: (_entity, _id, language) => language === DEFAULT_LANGUAGE,
};

const EVERY_MAIN_FIELD = [...new Set(Object.values(MAIN_FIELDS).flat())];

/**
 * One query for a detail page: the page language's rows of the things it shows, and of every other language only
 * the slugs and main fields (their values left behind but for slugs), which say where the other versions live and
 * whether they exist. Served by the primary key's (entity, entity_id) prefix.
 */
export async function readVersions(
  db: Db,
  things: ReadonlyArray<{ entity: TranslatableEntity; id: string }>,
  lang: Language,
): Promise<Versions> {
  const rows = things.length
    ? await db
        .selectFrom("content_translations")
        .select(["entity", "entity_id", "lang", "field"])
        .select(
          sql<string>`case when ${sql.ref("lang")} = ${lang} or ${sql.ref("field")} = 'slug' then ${sql.ref("value")} else '' end`.as(
            "value",
          ),
        )
        .where((eb) =>
          eb.or(things.map((thing) => eb.and([eb("entity", "=", thing.entity), eb("entity_id", "=", thing.id)]))),
        )
        .where((eb) => eb.or([eb("lang", "=", lang), eb("field", "in", ["slug", ...EVERY_MAIN_FIELD])]))
        .execute()
    : [];
  const key = (entity: string, id: string, language: string) => `${entity}\u0000${id}\u0000${language}`;
  const byThing = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const k = key(row.entity, row.entity_id, row.lang);
    const fields = byThing.get(k) ?? {};
    fields[row.field] = row.value;
    byThing.set(k, fields);
  }
  const of = (entity: string, id: string, language: string) => byThing.get(key(entity, id, language));
  return {
    fields: (entity, id) => (lang === DEFAULT_LANGUAGE ? {} : (of(entity, id, lang) ?? {})),
    slug: (entity, id, language) => (language === DEFAULT_LANGUAGE ? undefined : of(entity, id, language)?.slug),
    isAvailable(entity, id, language, english) {
      if (language === DEFAULT_LANGUAGE) return true;
      const fields = of(entity, id, language) ?? {};
      return MAIN_FIELDS[entity].every((field) => !english[field]?.trim() || field in fields);
    },
  };
}

/** Alternates from the languages a page is available in and its path in each (without the language prefix). */
export function alternatesOf(languages: readonly Language[], pathIn: (lang: Language) => string): Alternates {
  return Object.fromEntries(languages.map((lang) => [lang, localePath(lang, pathIn(lang))]));
}

/** A field's translation, else its English (`fieldPicker`'s `pick`). */
export type TranslationPick = ReturnType<typeof fieldPicker>["pick"];
