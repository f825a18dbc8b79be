import type { Db } from "~/db/database.server";
import { diffLineText, diffVersions, type DiffLine } from "~/features/history/diff";
import { BASELINE_SUMMARY, recordVersion, type Snapshot, type VersionedEntity } from "~/features/history/record.server";
import { sameParts, withParts } from "~/features/history/version-fields";
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

/** One changed field of a version, with `restorable` when 'Restore this field' can put the version's value back. */
export type HistoryChange = DiffLine & { restorable: boolean };

export interface HistoryEntry {
  number: number;
  at: string;
  actorName: string | null;
  action: string;
  summary: string;
  /** What this version changed from the one before it (everything filled, for the first). */
  changes: HistoryChange[];
  current: boolean;
  /**
   * The item as it was before its first save in the back office (created, imported or seeded before versions were
   * kept), recorded at that save: not a save of its own, by nobody (issue 41: shown as "Saved by the system").
   */
  baseline: boolean;
  /** For the baseline: when the item was added (created, imported or seeded), when that is known. */
  addedAt: string | null;
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
  const snapshots = rows.map((row) => JSON.parse(row.snapshot) as Snapshot);
  const readable = snapshots.map(describe);
  const now = (await kind.current(db, id))?.snapshot ?? null;
  const hasBaseline = rows.some((row) => row.summary === BASELINE_SUMMARY);
  const addedAt = hasBaseline ? await kind.addedAt(db, id) : null;
  return rows.slice(0, HISTORY_SHOWN).map((row, i) => ({
    number: Number(row.number),
    at: row.at,
    actorName: row.actor_name,
    action: row.action ?? "update",
    summary: row.summary ?? "",
    // A field whose value today is already the version's has nothing to restore.
    changes: diffVersions(readable[i + 1] ?? null, readable[i]).map((line) => {
      const parts = kind.fieldParts(id, line.label, snapshots[i]);
      return {
        ...line,
        restorable: !!now && !!parts && "paths" in parts && !sameParts(now, snapshots[i], parts.paths),
      };
    }),
    current: i === 0,
    baseline: row.summary === BASELINE_SUMMARY,
    addedAt: row.summary === BASELINE_SUMMARY ? addedAt : null,
  }));
}

export type RestoreResult = { ok: true; number: number; changed: PageTag[]; editPath: string } | Refusal;

/** Thrown inside a restore's transaction when the restore is refused, so that nothing it wrote stays. */
class RefusedRestore extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** Runs a restore in one transaction: a refusal rolls back whatever was written before it. */
async function inOneTransaction(db: Db, run: (trx: Db) => Promise<RestoreResult>): Promise<RestoreResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await run(trx);
      if (!result.ok) throw new RefusedRestore(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RefusedRestore) return error.refusal;
    throw error;
  }
}

const VERSION_GONE: Refusal = {
  ok: false,
  title: "Version not found",
  message: "That version no longer exists (it may have been pruned).",
};

/** Version `number` of one item: only that item's (a number names a version of the item the address names). */
async function versionOf(db: Db, entity: VersionedEntity, id: string, number: number) {
  const row = await db
    .selectFrom("versions")
    .select("snapshot")
    .where("entity", "=", entity)
    .where("entity_id", "=", id)
    .where("number", "=", number)
    .executeTakeFirst();
  return row ? (JSON.parse(row.snapshot) as Snapshot) : null;
}

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
  return inOneTransaction(db, async (trx): Promise<RestoreResult> => {
    const version = await versionOf(trx, kind.entity, id, number);
    if (!version) return VERSION_GONE;
    await kind.lock(trx, id);
    const restored = await kind.restore(trx, actor, id, version);
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

export type FieldRestoreResult = (RestoreResult & { ok: true; label: string }) | Refusal;

/**
 * 'Restore this field' (issue 41, ADR 0055): puts back the one field History shows as `label` as version `number`
 * had it, and records the result as a new version. It is the item as it is now with that field as it was, restored
 * as a whole version is (slug taken since refused, a live address moved, status never touched), in one transaction.
 */
export async function restoreField(
  db: Db,
  actor: Actor,
  entity: string,
  id: string,
  number: number,
  label: string,
): Promise<FieldRestoreResult> {
  const kind = versionKind(entity);
  if (!kind) return { ok: false, title: "Not Found", message: "This kind of item has no versions." };
  const result = await inOneTransaction(db, async (trx): Promise<RestoreResult> => {
    const version = await versionOf(trx, kind.entity, id, number);
    if (!version) return VERSION_GONE;
    await kind.lock(trx, id);
    const now = await kind.current(trx, id);
    if (!now) return { ok: false, title: "Not Found", message: "The item no longer exists." };
    const parts = kind.fieldParts(id, label, version);
    if (!parts)
      return {
        ok: false,
        title: "Cannot Restore Field",
        message: `Version ${number} has no field "${label}" to restore. 'Restore' puts back the whole version.`,
      };
    if ("why" in parts) return { ok: false, title: "Cannot Restore Field", message: parts.why };
    if (sameParts(now.snapshot, version, parts.paths))
      return {
        ok: false,
        title: "Nothing to Restore",
        message: `${label} is already as it was in version ${number}.`,
      };
    const restored = await kind.restore(trx, actor, id, withParts(now.snapshot, version, parts.paths));
    if (!restored.ok)
      return {
        ...restored,
        title: restored.title === "Cannot Restore Version" ? "Cannot Restore Field" : restored.title,
      };
    const after = await kind.current(trx, id);
    if (!after) return { ok: false, title: "Not Found", message: "The item no longer exists." };
    // The log says what came back: "Restored Minimum Order from version 2: Minimum Order: 28 MT → 25 MT".
    const describe = await kind.describer(trx, id);
    const lines = diffVersions(describe(now.snapshot), describe(after.snapshot)).map(diffLineText);
    const recorded = await recordVersion(trx, actor, {
      entity: kind.entity,
      entityId: id,
      label: after.label,
      snapshot: after.snapshot,
      action: "restore",
      summary: [`Restored ${label} from version ${number}`, ...lines].join("; "),
    });
    return { ok: true, number: recorded?.number ?? number, changed: restored.changed, editPath: kind.editPath(id) };
  });
  return result.ok ? { ...result, label } : result;
}
