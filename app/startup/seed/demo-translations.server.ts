import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { ContentTranslationsTable } from "~/db/schema";
import { TRANSLATABLE } from "~/features/translations/registry.server";
import { sourceHash } from "~/features/translations/source-hash";
import { nowIso } from "~/lib/time";
import { DEMO_TEXTS } from "./demo-translations";

/** A slug in any script: letters, marks and digits kept, words joined by hyphens (`بصل-ناشيك-الأحمر`). */
export function translatedSlug(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");
}

/**
 * The demo's Arabic and Bengali (issue 26): every translatable field of the freshly seeded content whose English
 * the demo has a translation of, written as the Translations screen would (with the English's hash, so it reads as
 * done), and a slug made from each translated name or title. Run inside the seed's transaction.
 */
export async function seedDemoTranslations(db: Db): Promise<number> {
  const texts = new Map(DEMO_TEXTS.map(([english, ar, bn]) => [english, { ar, bn }]));
  const updatedAt = nowIso();
  const rows: Array<Insertable<ContentTranslationsTable>> = [];
  for (const kind of Object.values(TRANSLATABLE))
    for (const item of await kind.sources(db))
      for (const lang of ["ar", "bn"] as const) {
        const row = (field: string, value: string, english: string, scope = "") =>
          rows.push({
            entity: item.entity,
            entity_id: item.id,
            lang,
            field,
            value,
            scope,
            source_hash: sourceHash(english),
            updated_at: updatedAt,
          });
        for (const field of item.fields) {
          const translated = texts.get(field.english)?.[lang];
          if (!field.slug && translated) row(field.field, translated, field.english);
        }
        const slug = item.fields.find((field) => field.slug);
        const title = item.fields.find((field) => field.field === "name" || field.field === "title");
        const translatedTitle = title && texts.get(title.english)?.[lang];
        if (slug && translatedTitle) row("slug", translatedSlug(translatedTitle), slug.english, item.scope);
      }
  // In slices: a statement has a bound on its parameters (SQLite's is 32,766; 8 columns a row).
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("content_translations")
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.length;
}
