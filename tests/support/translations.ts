import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { ContentTranslationsTable } from "~/db/schema";
import { sourceHash } from "~/features/translations/source-hash";
import type { TranslatableEntity } from "~/features/translations/registry.server";
import type { ShippedLanguage } from "~/lib/i18n/languages";
import { nowIso } from "~/lib/time";

type TranslationValues = Partial<Insertable<ContentTranslationsTable>> &
  Pick<Insertable<ContentTranslationsTable>, "entity" | "entity_id" | "lang" | "field" | "value">;

/** A translation row: unscoped, made from English that reads as the translation itself (a stand-in), unless said. */
export function translationRow(values: TranslationValues): Insertable<ContentTranslationsTable> {
  return { scope: "", source_hash: sourceHash(values.value), updated_at: nowIso(), ...values };
}

/** Stores one translated field of one thing (`source_hash: sourceHash(english)` to make it up to date). */
export async function insertContentTranslation(db: Db, values: TranslationValues): Promise<void> {
  await db.insertInto("content_translations").values(translationRow(values)).execute();
}

/** Stores a thing's translated fields in one language, as the Translations screen would (the English is a stand-in). */
export async function insertTranslation(
  db: Db,
  entity: TranslatableEntity,
  id: string,
  lang: ShippedLanguage,
  fields: Record<string, string>,
  scope = "",
): Promise<void> {
  await db
    .insertInto("content_translations")
    .values(
      Object.entries(fields).map(([field, value]) =>
        translationRow({ entity, entity_id: id, lang, field, value, scope: field === "slug" ? scope : "" }),
      ),
    )
    .execute();
}

/** Turns a language on or off, as /admin/languages would. */
export async function setLanguage(db: Db, code: ShippedLanguage, enabled: 0 | 1): Promise<void> {
  await db
    .insertInto("languages")
    .values({ code, enabled, updated_at: nowIso() })
    .onConflict((oc) => oc.column("code").doUpdateSet({ enabled }))
    .execute();
}

/** Turns languages on, as /admin/languages would. */
export async function enableLanguages(db: Db, ...codes: ShippedLanguage[]): Promise<void> {
  for (const code of codes) await setLanguage(db, code, 1);
}

/** Turns languages off (a row that says so, where none would mean the same), as /admin/languages would. */
export async function disableLanguages(db: Db, ...codes: ShippedLanguage[]): Promise<void> {
  for (const code of codes) await setLanguage(db, code, 0);
}
