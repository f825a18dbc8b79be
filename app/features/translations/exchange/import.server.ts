import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import { LANGUAGE_INFO, type ShippedLanguage } from "~/lib/i18n/languages";
import type { PageTag } from "~/lib/web/page-tags";
import { listEnabledLanguages } from "../languages.server";
import { readSources, readStoredTranslations, translationKey } from "../overview.server";
import type { SourceField, SourceItem } from "../registry.server";
import { cleanTranslatedSlug } from "../slug";
import { needsTranslation, normaliseText } from "../status.server";
import {
  changesOf,
  MAX_TRANSLATION_CHARS,
  slugConflicts,
  writeTranslations,
  type TranslationWrite,
} from "../store.server";
import { readTranslationCsv } from "./csv";
import { type ExchangeFormat, type ImportUnit, type ReadResult } from "./limits";
import { unitId } from "./units.server";
import { readXliff } from "./xliff";

/**
 * The re-import of a translator's file (issue 26): planned against today's English and translations, shown as a
 * preview first, then written all at once if the plan is still the one previewed. A unit whose text equals the
 * stored translation, or that is left empty, changes nothing, so a file re-imported unchanged writes nothing.
 */

export const REFUSAL = {
  unknown: "unknown id",
  twice: "listed twice",
  englishChanged: "English changed since the export",
  badSlug: "not a valid slug",
  slugInUse: "slug already in use",
  tooLong: "too long",
  unreadable: "unreadable",
} as const;

export interface PlannedChange {
  id: string;
  english: string;
  before: string | null;
  after: string;
}

export interface TranslationImportPreview {
  lang: ShippedLanguage;
  change: number;
  unchanged: number;
  refused: number;
  /** How many were refused for each reason, most first. */
  reasons: Array<{ reason: string; count: number; ids: string[] }>;
  /** The first changes, to read before importing. */
  sample: PlannedChange[];
}

const SAMPLE_SIZE = 50;

export function readTranslationFile(format: ExchangeFormat, text: string): ReadResult {
  return format === "csv" ? readTranslationCsv(text) : readXliff(text);
}

/** What the file would write, and what it would refuse and why. */
async function planImport(db: Db, lang: ShippedLanguage, units: readonly ImportUnit[]) {
  const [items, stored] = await Promise.all([readSources(db), readStoredTranslations(db, [lang])]);
  const known = new Map<string, { item: SourceItem; field: SourceField }>();
  for (const item of items)
    for (const field of item.fields.filter(needsTranslation)) known.set(unitId(item, field), { item, field });
  const writes: TranslationWrite[] = [];
  const changes: PlannedChange[] = [];
  const refused: Array<{ id: string; reason: string }> = [];
  const seen = new Set<string>();
  let unchanged = 0;
  for (const unit of units) {
    const refuse = (reason: string) => refused.push({ id: unit.id, reason });
    if (seen.has(unit.id)) {
      refuse(REFUSAL.twice);
      continue;
    }
    seen.add(unit.id);
    const target = known.get(unit.id);
    if (!target) {
      refuse(REFUSAL.unknown);
      continue;
    }
    if (unit.problem) {
      refuse(`${REFUSAL.unreadable}: ${unit.problem}`);
      continue;
    }
    let value = normaliseText(unit.target);
    const row = stored.get(translationKey(target.item.entity, target.item.id, lang, target.field.field));
    // An empty target is a field the translator has not done yet: never a deletion.
    if (value === "" || (row && normaliseText(row.value) === value)) {
      unchanged++;
      continue;
    }
    if (unit.source !== null && normaliseText(unit.source) !== normaliseText(target.field.english)) {
      refuse(REFUSAL.englishChanged);
      continue;
    }
    if (value.length > MAX_TRANSLATION_CHARS) {
      refuse(REFUSAL.tooLong);
      continue;
    }
    if (target.field.slug) {
      const slug = cleanTranslatedSlug(value);
      if (!slug.ok) {
        refuse(REFUSAL.badSlug);
        continue;
      }
      value = slug.slug;
      if (row?.value === value) {
        unchanged++;
        continue;
      }
    }
    writes.push({ ...target, value });
    changes.push({ id: unit.id, english: target.field.english, before: row?.value ?? null, after: value });
  }
  const conflicts = await slugConflicts(db, lang, writes);
  for (const index of [...conflicts.keys()].sort((a, b) => b - a)) {
    refused.push({ id: changes[index].id, reason: REFUSAL.slugInUse });
    writes.splice(index, 1);
    changes.splice(index, 1);
  }
  return { writes, changes, refused, unchanged };
}

function previewOf(lang: ShippedLanguage, plan: Awaited<ReturnType<typeof planImport>>): TranslationImportPreview {
  const byReason = new Map<string, string[]>();
  for (const { id, reason } of plan.refused) byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
  return {
    lang,
    change: plan.writes.length,
    unchanged: plan.unchanged,
    refused: plan.refused.length,
    reasons: [...byReason]
      .map(([reason, ids]) => ({ reason, count: ids.length, ids: ids.slice(0, 20) }))
      .sort((a, b) => b.count - a.count),
    sample: plan.changes.slice(0, SAMPLE_SIZE),
  };
}

export type FileCheck = { ok: true; lang: ShippedLanguage; units: ImportUnit[] } | { ok: false; message: string };

/** Reads the file and checks that its language is one the site has enabled. */
export async function readImportFile(db: Db, format: ExchangeFormat, text: string): Promise<FileCheck> {
  const read = readTranslationFile(format, text);
  if (!read.ok) return read;
  const enabled = await listEnabledLanguages(db);
  const lang = enabled.find((code) => code === read.lang);
  if (!lang) {
    const name = read.lang in LANGUAGE_INFO ? LANGUAGE_INFO[read.lang as ShippedLanguage].englishName : read.lang;
    return { ok: false, message: `The file is for ${name || "no language"}, which is not enabled on this site.` };
  }
  return { ok: true, lang, units: read.units };
}

/** Step 1: what importing the file would do; writes nothing. */
export async function previewTranslationImport(
  db: Db,
  actor: Actor,
  format: ExchangeFormat,
  text: string,
): Promise<{ ok: true; preview: TranslationImportPreview } | { ok: false; message: string }> {
  const file = await readImportFile(db, format, text);
  if (!file.ok) return file;
  return { ok: true, preview: previewOf(file.lang, await planImport(db, file.lang, file.units)) };
}

export type TranslationImportResult =
  | { kind: "imported"; count: number; lang: ShippedLanguage; changed: PageTag[] }
  | { kind: "changed"; preview: TranslationImportPreview }
  | { kind: "error"; message: string };

/** Step 2: writes the file's changes, all or nothing, if they are still as many as the preview showed. */
export async function importTranslationFile(
  db: Db,
  actor: Actor,
  format: ExchangeFormat,
  text: string,
  previewedChanges: number,
): Promise<TranslationImportResult> {
  const file = await readImportFile(db, format, text);
  if (!file.ok) return { kind: "error", message: file.message };
  const plan = await planImport(db, file.lang, file.units);
  if (plan.writes.length !== previewedChanges) return { kind: "changed", preview: previewOf(file.lang, plan) };
  await writeTranslations(db, actor, file.lang, plan.writes);
  return { kind: "imported", count: plan.writes.length, lang: file.lang, changed: changesOf(plan.writes) };
}
