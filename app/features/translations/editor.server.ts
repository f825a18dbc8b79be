import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import type { ShippedLanguage } from "~/lib/i18n/languages";
import type { PageTag } from "~/lib/web/page-tags";
import { readStoredTranslations, translationKey } from "./overview.server";
import type { SourceItem } from "./registry.server";
import { reviewedName, shownHashName, shownValueName, textName } from "./editor-form";
import { editVersion, STALE_EDIT_TITLE, StaleEdit, staleEditRefusal } from "~/features/history/edit-version.server";
import type { Snapshot } from "~/features/history/record.server";
import type { OpenedVersion } from "~/lib/forms/edit-version";
import { fieldLabel } from "./field-labels";
import { versionedItemOf } from "./item-versions.server";
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
  | { ok: true; changed: PageTag[]; count: number }
  | { ok: false; errors: Record<string, string[]>; message: string; title?: string; version?: string };

/** The version the editor shows (ADR 0049): the newest version of the item that keeps its translations. */
export async function translationEditVersion(db: Db, item: SourceItem) {
  const versioned = versionedItemOf(item);
  return versioned ? editVersion(db, versioned.entity, versioned.entityId, "translations") : null;
}

/**
 * Saves one item's translations in one language from the editor's form, all or nothing. An empty field deletes its
 * translation (the page shows English again); an unchanged outdated one stays outdated unless marked as checked.
 * A form that says what it was opened on (`opened`, ADR 0049) writes only the fields changed on the page, and only
 * while each still holds the translation the page showed (`s:<field>`): one another admin saved meanwhile refuses
 * the save (nothing written), saying who.
 */
export async function saveItemTranslations(
  db: Db,
  actor: Actor,
  item: SourceItem,
  lang: ShippedLanguage,
  form: FormData,
  opened: OpenedVersion | null = null,
): Promise<EditorSaveResult> {
  const stale: string[] = [];
  const stored = await readStoredTranslations(db, [lang], item);
  const errors: Record<string, string[]> = {};
  const writes: TranslationWrite[] = [];
  for (const field of item.fields.filter(needsTranslation)) {
    const posted = form.get(textName(field.field));
    if (typeof posted !== "string") continue;
    const row = stored.get(translationKey(item.entity, item.id, lang, field.field));
    const shownValue = form.get(shownValueName(field.field));
    const expected = opened && typeof shownValue === "string" ? shownValue : undefined;
    // Left as the page showed it: another admin's translation saved meanwhile stays.
    if (expected !== undefined && normaliseText(posted) === normaliseText(expected) && (row?.value ?? "") !== expected)
      continue;
    if (expected !== undefined && (row?.value ?? "") !== expected) {
      stale.push(field.field);
      continue;
    }
    let value = normaliseText(posted);
    if (value === "") {
      if (row) writes.push({ item, field, value: null, expected });
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
    writes.push({ item, field, value, expected });
  }
  if (stale.length) {
    const shown = Object.fromEntries(stale.map((field) => [field, String(form.get(shownValueName(field)) ?? "")]));
    return staleTranslations(db, item, lang, shown, opened!);
  }
  const conflicts = await slugConflicts(db, lang, writes);
  for (const [index, message] of conflicts) errors[textName(writes[index].field.field)] = [message];
  const problems = Object.values(errors).flat();
  if (problems.length) return { ok: false, errors, message: problems[0] };
  try {
    await writeTranslations(db, actor, lang, writes);
  } catch (error) {
    if (!(error instanceof StaleEdit)) throw error;
    // Another admin's save came between the read and the write: this one is refused as if it had come after.
    return saveItemTranslations(db, actor, item, lang, form, opened);
  }
  return { ok: true, changed: changesOf(writes), count: writes.length };
}

/** The refusal of a save made over translations another admin saved since the editor was opened. */
async function staleTranslations(
  db: Db,
  item: SourceItem,
  lang: ShippedLanguage,
  shownValues: Record<string, string>,
  opened: OpenedVersion,
): Promise<EditorSaveResult> {
  const fields = Object.keys(shownValues);
  const versioned = versionedItemOf(item);
  const labels = fields.map(fieldLabel);
  const read = (snapshot: Snapshot) => {
    const translations = (snapshot.translations ?? {}) as Record<string, Record<string, string> | undefined>;
    return Object.fromEntries(fields.map((field, i) => [labels[i], translations[lang]?.[field] ?? ""]));
  };
  const keep = "Your changes are still in the form: compare, then save again to keep yours.";
  const refusal = versioned
    ? await staleEditRefusal(db, {
        ...versioned,
        opened,
        updatedAt: "translations",
        what: "translation",
        describe: read,
        onlyWhoChangedIt: true,
        shown: Object.fromEntries(fields.map((field, i) => [labels[i], shownValues[field]])),
      })
    : null;
  const message = refusal?.message ?? `This translation was saved by someone else while you were editing. ${keep}`;
  const errors = Object.fromEntries(fields.map((field) => [textName(field), [message]]));
  return { ok: false, errors, message, title: STALE_EDIT_TITLE, version: refusal?.version ?? undefined };
}
