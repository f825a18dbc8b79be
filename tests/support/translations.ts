import type { Db } from "~/db/database.server";
import { sourceHash } from "~/features/translations/source-hash";
import type { TranslatableEntity } from "~/features/translations/registry.server";
import type { ShippedLanguage } from "~/lib/i18n/languages";
import { nowIso } from "~/lib/time";

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
      Object.entries(fields).map(([field, value]) => ({
        entity,
        entity_id: id,
        lang,
        field,
        value,
        scope: field === "slug" ? scope : "",
        source_hash: sourceHash(value),
        updated_at: nowIso(),
      })),
    )
    .execute();
}

/** Turns languages on, as /admin/languages would. */
export async function enableLanguages(db: Db, ...codes: ShippedLanguage[]): Promise<void> {
  for (const code of codes)
    await db
      .insertInto("languages")
      .values({ code, enabled: 1, updated_at: nowIso() })
      .onConflict((oc) => oc.column("code").doUpdateSet({ enabled: 1 }))
      .execute();
}
