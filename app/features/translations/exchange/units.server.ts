import type { Db } from "~/db/database.server";
import type { ShippedLanguage } from "~/lib/i18n/languages";
import { readSources, readStoredTranslations, translationKey } from "../overview.server";
import type { SourceField, SourceItem, TranslatableEntity } from "../registry.server";
import { fieldStatus, needsTranslation, type TranslationStatus } from "../status.server";

/** A field's id in an exported file: `product/<id>/<field>` (a page text's id holds a slash of its own). */
export const unitId = (item: SourceItem, field: SourceField) => `${item.entity}/${item.id}/${field.field}`;

export interface ExportUnit {
  id: string;
  /** How the back office names the item, for the translator's context. */
  title: string;
  status: Exclude<TranslationStatus, "done">;
  source: string;
  /** The outdated translation, to be corrected; '' for a missing one. */
  target: string;
}

/** The fields of one language that are missing or outdated, of the given kinds (all when none is named). */
export async function exportUnits(
  db: Db,
  lang: ShippedLanguage,
  kinds?: readonly TranslatableEntity[],
): Promise<ExportUnit[]> {
  const [items, stored] = await Promise.all([readSources(db, kinds), readStoredTranslations(db, [lang])]);
  const units: ExportUnit[] = [];
  for (const item of items)
    for (const field of item.fields.filter(needsTranslation)) {
      const row = stored.get(translationKey(item.entity, item.id, lang, field.field));
      const status = fieldStatus(field, row);
      if (status === "done") continue;
      units.push({
        id: unitId(item, field),
        title: item.title,
        status,
        source: field.english,
        target: row?.value ?? "",
      });
    }
  return units;
}

export const exportFileName = (lang: ShippedLanguage, extension: string) =>
  `translations-${lang}-${new Date().toISOString().slice(0, 10)}.${extension}`;
