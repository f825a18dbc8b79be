import type { Db } from "~/db/database.server";
import { translationsSnapshot, type TranslatedEntity } from "~/db/content-translations.server";
import type { Actor } from "~/lib/actor";
import { versionLabels, type EntityFields } from "~/lib/entity-fields";
import type { PageTag } from "~/lib/web/page-tags";
import { describeTranslations, translationLine } from "./translations-text";
import type { FieldParts } from "./version-fields";
import type { ReadableVersion } from "./diff";
import {
  BASELINE_SUMMARY,
  latestSnapshot,
  recordActivity,
  recordVersion,
  type Snapshot,
  type VersionedEntity,
} from "./record.server";

/**
 * A kind stored as one row of one table (categories, blog posts, certificates, gallery pictures), described once in
 * its own feature folder (issue 39): its fields (`lib/entity-fields`), which the form, the versions and the
 * Translations screen read; where it is edited; and what its save changes on the public pages. A version keeps its
 * versioned fields plus its translations.
 */
export interface RowEntity {
  entity: VersionedEntity;
  table: "product_categories" | "blog_posts" | "certificates" | "gallery_items";
  translated: TranslatedEntity;
  /** How people name the kind ("category"), for the log. */
  kindName: string;
  /** The column that names an item. */
  nameColumn: string;
  /** Every field the form edits, in reading order. */
  fields: EntityFields;
  /** Columns kept in the snapshot that a restore leaves as they are (status, publishing times). */
  notRestored?: string[];
  /**
   * Columns a rule ties together (a certificate's 'Valid Until' not before its 'Valid From'): put back with the whole
   * version only, never one alone (ADR 0055), and why.
   */
  restoredTogether?: { columns: string[]; why: string };
  /** The back-office page that edits one item. */
  editPath(id: string): string;
  /** What a save or removal of one item changes on the public pages (ADR 0027). */
  changes(id: string): PageTag[];
  /** The public address of a slug, for a kind with pages of its own: a changed slug moves the page (301). */
  publicPath?(slug: string): string;
}

/** The item as stored now, as one version keeps it; null when it does not exist. */
export async function rowSnapshot(db: Db, spec: RowEntity, id: string): Promise<Snapshot | null> {
  const row = (await db.selectFrom(spec.table).selectAll().where("id", "=", id).executeTakeFirst()) as
    Record<string, unknown> | undefined;
  if (!row) return null;
  const snapshot: Snapshot = {};
  for (const column of Object.keys(versionLabels(spec.fields))) snapshot[column] = row[column] ?? null;
  snapshot.translations = await translationsSnapshot(db, spec.translated, id);
  return snapshot;
}

/** How a snapshot of the kind reads: each column under its label, translations as "Translation (ar): title". */
export function describeRow(spec: RowEntity, snapshot: Snapshot): ReadableVersion {
  const readable: ReadableVersion = {};
  for (const [column, label] of Object.entries(versionLabels(spec.fields))) {
    const value = snapshot[column];
    readable[label] = value === null || value === undefined ? "" : String(value);
  }
  return Object.assign(
    readable,
    describeTranslations(snapshot.translations as Record<string, Record<string, string>> | undefined),
  );
}

const NOT_RESTORED =
  "Status and publishing times are never restored: a restore never publishes or unpublishes. Change them in the form.";

/** How the line `label` of the kind's History is put back alone (ADR 0055); null for a line the kind does not have. */
export function rowFieldParts(spec: RowEntity, label: string): FieldParts | null {
  const translation = translationLine(label);
  if (translation) return { paths: [["translations", translation.lang, translation.field]] };
  const column = Object.entries(versionLabels(spec.fields)).find(([, shown]) => shown === label)?.[0];
  if (!column) return null;
  if (spec.notRestored?.includes(column)) return { why: NOT_RESTORED };
  if (spec.restoredTogether?.columns.includes(column)) return { why: spec.restoredTogether.why };
  return { paths: [[column]] };
}

/**
 * Call before the update of an item saved before versions were kept: its state then becomes version 1 (by the
 * system), so the first change after the upgrade can be undone too.
 */
export async function recordRowBaseline(db: Db, spec: RowEntity, id: string) {
  if (await latestSnapshot(db, spec.entity, id)) return;
  await recordRowVersion(db, null, spec, id, "update", { summary: BASELINE_SUMMARY });
}

/** Records the item as it now is as a new version, in the transaction of the save (nothing when unchanged). */
export async function recordRowVersion(
  db: Db,
  actor: Actor | null,
  spec: RowEntity,
  id: string,
  action: "create" | "update" | "restore" | "publish",
  options: { summary?: string; at?: string } = {},
) {
  const snapshot = await rowSnapshot(db, spec, id);
  if (!snapshot) return null;
  return recordVersion(db, actor, {
    entity: spec.entity,
    entityId: id,
    label: String(snapshot[spec.nameColumn] ?? ""),
    snapshot,
    describe: (s) => describeRow(spec, s),
    action,
    ...options,
  });
}

/** The `delete` activity row of an item, with its last snapshot; call it in the delete's transaction, before it. */
export async function recordRowDelete(db: Db, actor: Actor | null, spec: RowEntity, id: string) {
  const last = await rowSnapshot(db, spec, id);
  const name = String(last?.[spec.nameColumn] ?? "") || id;
  await recordActivity(db, actor, {
    action: "delete",
    entity: spec.entity,
    entityId: id,
    label: name,
    summary: `Deleted ${spec.kindName} "${name}"`,
    details: { snapshot: last },
  });
}
