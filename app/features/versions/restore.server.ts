import type { Db } from "~/db/database.server";
import { diffVersions, type DiffLine } from "~/features/history/diff";
import { BASELINE_SUMMARY, recordVersion, type Snapshot, type VersionedEntity } from "~/features/history/record.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import type { PageTag } from "~/lib/web/page-tags";
import type { VersionKind } from "./version-kind";
import { productVersions } from "./product-versions.server";
import { rowVersions } from "./row-history.server";
import { pageVersions } from "./page-versions.server";
import { settingsVersions } from "./settings-versions.server";
import { CATEGORY_ENTITY } from "~/features/catalogue/category-entity";
import { POST_ENTITY } from "~/features/blog/post-entity";
import { CERTIFICATE_ENTITY, GALLERY_ITEM_ENTITY } from "~/features/sorted-image-items/item-entities";

/** Every kind with a History panel, by its entity name. */
const KINDS: Partial<Record<VersionedEntity, VersionKind>> = {
  product: productVersions,
  category: rowVersions(CATEGORY_ENTITY),
  blog_post: rowVersions(POST_ENTITY),
  certificate: rowVersions(CERTIFICATE_ENTITY),
  page: pageVersions,
  setting: settingsVersions,
  gallery_item: rowVersions(GALLERY_ITEM_ENTITY),
};

export const versionKind = (entity: string): VersionKind | undefined => KINDS[entity as VersionedEntity];

/** How many versions the panel lists (the newest); older ones stay stored until pruned. */
export const HISTORY_SHOWN = 50;

export interface HistoryEntry {
  number: number;
  at: string;
  actorName: string | null;
  action: string;
  summary: string;
  /** What this version changed from the one before it (everything filled, for the first). */
  changes: DiffLine[];
  current: boolean;
  /**
   * The item as it was before its first save in the back office (created, imported or seeded before versions were
   * kept), recorded at that save: not a save of its own, by nobody (issue 41: shown as "Saved by the system").
   */
  baseline: boolean;
}

/** An item's versions, newest first, each with its field-by-field difference from the version before. */
export async function loadHistory(db: Db, entity: VersionedEntity, id: string): Promise<HistoryEntry[]> {
  const kind = versionKind(entity);
  if (!kind) return [];
  const rows = await db
    .selectFrom("versions")
    .leftJoin("activity", "activity.id", "versions.activity_id")
    .select([
      "versions.number",
      "versions.at",
      "versions.actor_name",
      "versions.snapshot",
      "activity.action",
      "activity.summary",
    ])
    .where("versions.entity", "=", entity)
    .where("versions.entity_id", "=", id)
    .orderBy("versions.number", "desc")
    .limit(HISTORY_SHOWN + 1)
    .execute();
  const describe = await kind.describer(db, id);
  const readable = rows.map((row) => describe(JSON.parse(row.snapshot) as Snapshot));
  return rows.slice(0, HISTORY_SHOWN).map((row, i) => ({
    number: Number(row.number),
    at: row.at,
    actorName: row.actor_name,
    action: row.action ?? "update",
    summary: row.summary ?? "",
    changes: diffVersions(readable[i + 1] ?? null, readable[i]),
    current: i === 0,
    baseline: row.summary === BASELINE_SUMMARY,
  }));
}

export type RestoreResult = { ok: true; number: number; changed: PageTag[]; editPath: string } | Refusal;

/**
 * Saves version `number` of an item again, as a new version (the past is never edited), in one transaction with
 * its activity row. Status and publishing time are not part of what is restored: a restore never publishes.
 */
export async function restoreVersion(
  db: Db,
  actor: Actor,
  entity: string,
  id: string,
  number: number,
): Promise<RestoreResult> {
  const kind = versionKind(entity);
  if (!kind) return { ok: false, title: "Not Found", message: "This kind of item has no versions." };
  return db.transaction().execute(async (trx): Promise<RestoreResult> => {
    const version = await trx
      .selectFrom("versions")
      .select("snapshot")
      .where("entity", "=", kind.entity)
      .where("entity_id", "=", id)
      .where("number", "=", number)
      .executeTakeFirst();
    if (!version)
      return {
        ok: false,
        title: "Version not found",
        message: "That version no longer exists (it may have been pruned).",
      };
    const restored = await kind.restore(trx, actor, id, JSON.parse(version.snapshot) as Snapshot);
    if (!restored.ok) return restored;
    const now = await kind.current(trx, id);
    if (!now) return { ok: false, title: "Not Found", message: "The item no longer exists." };
    const recorded = await recordVersion(trx, actor, {
      entity: kind.entity,
      entityId: id,
      label: now.label,
      snapshot: now.snapshot,
      action: "restore",
      summary: `Restored version ${number}`,
    });
    const latest = recorded?.number ?? number;
    return { ok: true, number: latest, changed: restored.changed, editPath: kind.editPath(id) };
  });
}
