import type { Db } from "~/db/database.server";
import type { ShippedLanguage } from "~/lib/i18n/languages";
import { TRANSLATABLE, type SourceItem, type TranslatableEntity } from "./registry.server";
import {
  fieldStatus,
  needsTranslation,
  worstStatus,
  type StoredTranslation,
  type TranslationStatus,
} from "./status.server";

export const TRANSLATABLE_ENTITIES = Object.keys(TRANSLATABLE) as TranslatableEntity[];

export const isTranslatableEntity = (value: unknown): value is TranslatableEntity =>
  typeof value === "string" && Object.hasOwn(TRANSLATABLE, value);

/** The translations of some languages, by `entity/id/lang/field`. */
export type StoredTranslations = Map<string, StoredTranslation>;

export const translationKey = (entity: string, id: string, lang: string, field: string) =>
  `${entity}\u0000${id}\u0000${lang}\u0000${field}`;

/** Every stored translation of these languages (of one item when `item` is given). */
export async function readStoredTranslations(
  db: Db,
  langs: readonly string[],
  item?: { entity: TranslatableEntity; id: string },
): Promise<StoredTranslations> {
  if (langs.length === 0) return new Map();
  let query = db
    .selectFrom("content_translations")
    .select(["entity", "entity_id", "lang", "field", "value", "source_hash"])
    .where("lang", "in", langs);
  if (item) query = query.where("entity", "=", item.entity).where("entity_id", "=", item.id);
  const rows = await query.execute();
  return new Map(rows.map((row) => [translationKey(row.entity, row.entity_id, row.lang, row.field), row]));
}

/** Every translatable item of the given kinds (all when none is named), with today's English. */
export async function readSources(db: Db, kinds: readonly TranslatableEntity[] = TRANSLATABLE_ENTITIES) {
  const lists = await Promise.all(kinds.map((kind) => TRANSLATABLE[kind].sources(db)));
  return lists.flat();
}

export async function findSourceItem(db: Db, entity: TranslatableEntity, id: string): Promise<SourceItem | null> {
  const items = await TRANSLATABLE[entity].sources(db);
  return items.find((item) => item.id === id) ?? null;
}

export interface CellState {
  status: TranslationStatus;
  /** Fields with English text, and how many of them are up to date. */
  total: number;
  done: number;
}

export interface GridRow {
  entity: TranslatableEntity;
  id: string;
  title: string;
  cells: Partial<Record<ShippedLanguage, CellState>>;
}

export interface LanguageProgress {
  lang: ShippedLanguage;
  total: number;
  done: number;
  outdated: number;
  missing: number;
}

/** One item's cell in one language: its worst field's status, and its counts. */
export function cellOf(item: SourceItem, lang: string, stored: StoredTranslations): CellState {
  const statuses = item.fields
    .filter(needsTranslation)
    .map((field) => fieldStatus(field, stored.get(translationKey(item.entity, item.id, lang, field.field))));
  return {
    status: worstStatus(statuses),
    total: statuses.length,
    done: statuses.filter((status) => status === "done").length,
  };
}

/**
 * The Translations screen: items × languages with a status per cell, narrowed by kind and by a status some
 * language's cell has, and each language's progress over every field (not only the rows shown).
 */
export async function loadTranslationGrid(
  db: Db,
  langs: readonly ShippedLanguage[],
  filter: { kind?: TranslatableEntity; status?: TranslationStatus },
) {
  const [items, stored] = await Promise.all([readSources(db), readStoredTranslations(db, langs)]);
  const progress: LanguageProgress[] = langs.map((lang) => ({ lang, total: 0, done: 0, outdated: 0, missing: 0 }));
  const rows: GridRow[] = [];
  for (const item of items) {
    const cells: GridRow["cells"] = {};
    langs.forEach((lang, index) => {
      cells[lang] = cellOf(item, lang, stored);
      for (const field of item.fields.filter(needsTranslation)) {
        const status = fieldStatus(field, stored.get(translationKey(item.entity, item.id, lang, field.field)));
        progress[index].total++;
        progress[index][status]++;
      }
    });
    if (filter.kind && item.entity !== filter.kind) continue;
    if (filter.status && !langs.some((lang) => cells[lang]?.status === filter.status)) continue;
    rows.push({ entity: item.entity, id: item.id, title: item.title, cells });
  }
  return { rows, progress };
}
