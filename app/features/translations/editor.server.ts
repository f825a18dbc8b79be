import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import type { ShippedLanguage } from "~/lib/i18n/languages";
import type { PageTag } from "~/lib/web/page-tags";
import { readStoredTranslations, translationKey } from "./overview.server";
import type { SourceItem } from "./registry.server";
import { reviewedName, shownHashName, textName } from "./editor-form";
import { cleanTranslatedSlug } from "./slug";
import { sourceHash } from "./source-hash";
import { fieldStatus, needsTranslation, normaliseText } from "./status.server";
import {
  changesOf,
  MAX_TRANSLATION_CHARS,
  slugConflicts,
  writeTranslations,
  type TranslationWrite,
} from "./store.server";

export const ENGLISH_CHANGED =
  "The English text changed while you were translating. Read it again, then save this field again.";

export type EditorSaveResult =
  { ok: true; changed: PageTag[]; count: number } | { ok: false; errors: Record<string, string[]>; message: string };

/**
 * Saves one item's translations in one language from the editor's form, all or nothing. An empty field deletes its
 * translation (the page shows English again); an unchanged outdated one stays outdated unless marked as checked.
 */
export async function saveItemTranslations(
  db: Db,
  actor: Actor,
  item: SourceItem,
  lang: ShippedLanguage,
  form: FormData,
): Promise<EditorSaveResult> {
  const stored = await readStoredTranslations(db, [lang], item);
  const errors: Record<string, string[]> = {};
  const writes: TranslationWrite[] = [];
  for (const field of item.fields.filter(needsTranslation)) {
    const posted = form.get(textName(field.field));
    if (typeof posted !== "string") continue;
    const row = stored.get(translationKey(item.entity, item.id, lang, field.field));
    let value = normaliseText(posted);
    if (value === "") {
      if (row) writes.push({ item, field, value: null });
      continue;
    }
    const fail = (message: string) => (errors[textName(field.field)] = [message]);
    if (value.length > MAX_TRANSLATION_CHARS) {
      fail(`The text is too long (at most ${MAX_TRANSLATION_CHARS.toLocaleString("en")} characters).`);
      continue;
    }
    if (field.slug) {
      const slug = cleanTranslatedSlug(value);
      if (!slug.ok) {
        fail(slug.message);
        continue;
      }
      value = slug.slug;
    }
    if (row && row.value === value) {
      const reviewed = form.get(reviewedName(field.field)) === "on";
      if (!reviewed || fieldStatus(field, row) === "done") continue;
    }
    // A translation made from English that changed since the page was shown would be stored as up to date.
    if (form.get(shownHashName(field.field)) !== sourceHash(field.english)) {
      fail(ENGLISH_CHANGED);
      continue;
    }
    writes.push({ item, field, value });
  }
  const conflicts = await slugConflicts(db, lang, writes);
  for (const [index, message] of conflicts) errors[textName(writes[index].field.field)] = [message];
  const problems = Object.values(errors).flat();
  if (problems.length) return { ok: false, errors, message: problems[0] };
  await writeTranslations(db, actor, lang, writes);
  return { ok: true, changed: changesOf(writes), count: writes.length };
}
