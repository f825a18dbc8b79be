import type { Db } from "~/db/database.server";
import type { TranslatedEntity } from "~/db/content-translations.server";
import { TRANSLATABLE, type TranslatableEntity } from "~/features/translations/registry.server";
import { sourceHash } from "~/features/translations/source-hash";
import { nowIso } from "~/lib/time";

/**
 * Puts an item's translations back as a version kept them. A text that is the same now stays as it is (with its
 * state); a restored or different one is stored as made from the item's English as restored (restore brings
 * text and translation back together). Run it after the item's own fields are restored, in the same transaction.
 */
export async function restoreTranslations(
  db: Db,
  entity: TranslatedEntity & TranslatableEntity,
  id: string,
  scope: string,
  translations: Record<string, Record<string, string>> | undefined,
): Promise<void> {
  const wanted = translations ?? {};
  const rows = await db
    .selectFrom("content_translations")
    .select(["lang", "field", "value"])
    .where("entity", "=", entity)
    .where("entity_id", "=", id)
    .execute();
  for (const row of rows)
    if (wanted[row.lang]?.[row.field] === undefined)
      await db
        .deleteFrom("content_translations")
        .where("entity", "=", entity)
        .where("entity_id", "=", id)
        .where("lang", "=", row.lang)
        .where("field", "=", row.field)
        .execute();
  const same = new Set(rows.map((row) => `${row.lang}\u0000${row.field}\u0000${row.value}`));
  const item = (await TRANSLATABLE[entity].sources(db)).find((source) => source.id === id);
  const english = new Map(item?.fields.map((field) => [field.field, field.english]) ?? []);
  const updatedAt = nowIso();
  for (const [lang, fields] of Object.entries(wanted))
    for (const [field, value] of Object.entries(fields)) {
      if (same.has(`${lang}\u0000${field}\u0000${value}`)) continue;
      const row = { value, scope, source_hash: sourceHash(english.get(field) ?? ""), updated_at: updatedAt };
      await db
        .insertInto("content_translations")
        .values({ entity, entity_id: id, lang, field, ...row })
        .onConflict((conflict) => conflict.columns(["entity", "entity_id", "lang", "field"]).doUpdateSet(row))
        .execute();
    }
}
