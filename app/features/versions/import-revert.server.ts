import type { Db } from "~/db/database.server";
import { deleteTranslationsOf } from "~/db/content-translations.server";
import { recordProductVersion } from "~/features/catalogue/product-admin.server";
import { productSnapshot } from "~/features/catalogue/product-snapshot.server";
import { recordActivity, type Snapshot } from "~/features/history/record.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { productChanges, type PageTag } from "~/lib/web/page-tags";
import { productVersions } from "./product-versions.server";

export interface ImportedProduct {
  id: string;
  name: string;
  /** Added by the import (a revert removes it) or updated (a revert restores the version before). */
  kind: "added" | "updated";
  importVersion: number;
  /** Saved again after the import: a revert undoes those edits too. */
  editedSince: { by: string | null; at: string } | null;
  /** Deleted since: nothing to revert. */
  gone: boolean;
}

export interface ImportChangeSet {
  activityId: string;
  changeSet: string;
  at: string;
  actorName: string | null;
  summary: string;
  reverted: boolean;
  products: ImportedProduct[];
}

/** A CSV import as its activity entry names it, with every product it added or updated; null when it is none. */
export async function loadImportChangeSet(db: Db, activityId: string): Promise<ImportChangeSet | null> {
  const entry = await db
    .selectFrom("activity")
    .selectAll()
    .where("id", "=", activityId)
    .where("action", "=", "import")
    .where("entity", "=", "import")
    .executeTakeFirst();
  if (!entry?.change_set) return null;
  const rows = await db
    .selectFrom("versions")
    .innerJoin("activity", "activity.id", "versions.activity_id")
    .select(["versions.entity_id", "versions.number", "activity.action", "activity.entity_label"])
    .where("activity.change_set", "=", entry.change_set)
    .where("versions.entity", "=", "product")
    .execute();
  const reverted = await db
    .selectFrom("activity")
    .select("id")
    .where("action", "=", "revert")
    .where("entity", "=", "import")
    .where("entity_id", "=", entry.change_set)
    .executeTakeFirst();
  const products: ImportedProduct[] = [];
  for (const row of rows) {
    const latest = await db
      .selectFrom("versions")
      .select(["number", "actor_name", "at"])
      .where("entity", "=", "product")
      .where("entity_id", "=", row.entity_id)
      .orderBy("number", "desc")
      .limit(1)
      .executeTakeFirst();
    const current = await db.selectFrom("products").select("name").where("id", "=", row.entity_id).executeTakeFirst();
    const importVersion = Number(row.number);
    products.push({
      id: row.entity_id,
      name: current?.name ?? row.entity_label ?? row.entity_id,
      kind: row.action === "create" ? "added" : "updated",
      importVersion,
      editedSince: latest && Number(latest.number) > importVersion ? { by: latest.actor_name, at: latest.at } : null,
      gone: !current,
    });
  }
  products.sort((a, b) => a.name.localeCompare(b.name));
  return {
    activityId: entry.id,
    changeSet: entry.change_set,
    at: entry.at,
    actorName: entry.actor_name,
    summary: entry.summary,
    reverted: !!reverted,
    products,
  };
}

export type RevertResult = { ok: true; restored: number; removed: number; changed: PageTag[] } | Refusal;

/**
 * Reverts a CSV import in one transaction: every product it updated is restored to its version before the import
 * (as a new version), every product it added is removed (its versions and pictures are kept until pruned).
 * Edits made since the import are undone too; the preview names them first.
 */
export async function revertImport(db: Db, actor: Actor, activityId: string): Promise<RevertResult> {
  const set = await loadImportChangeSet(db, activityId);
  if (!set) return { ok: false, title: "Not Found", message: "That activity entry is not a CSV import." };
  if (set.reverted) return { ok: false, title: "Already Reverted", message: "This import has already been reverted." };
  try {
    return await revertInTransaction(db, actor, set);
  } catch (error) {
    // One product that cannot be restored (its slug taken since) leaves the whole import as it is.
    if (error instanceof RevertRefused) return { ok: false, title: "Cannot Revert Import", message: error.message };
    throw error;
  }
}

function revertInTransaction(db: Db, actor: Actor, set: ImportChangeSet): Promise<RevertResult> {
  return db.transaction().execute(async (trx): Promise<RevertResult> => {
    const changed: PageTag[] = [];
    let restored = 0;
    let removed = 0;
    for (const product of set.products) {
      if (product.gone) continue;
      if (product.kind === "added") {
        const last = await productSnapshot(trx, product.id);
        await trx.deleteFrom("products").where("id", "=", product.id).execute();
        await deleteTranslationsOf(trx, "product", product.id);
        await recordActivity(trx, actor, {
          action: "delete",
          entity: "product",
          entityId: product.id,
          label: product.name,
          summary: `Deleted product "${product.name}" (import reverted)`,
          changeSet: set.changeSet,
          details: { snapshot: last },
        });
        if (last) changed.push(...productChanges(product.id, last.category_id));
        removed++;
        continue;
      }
      const before = await trx
        .selectFrom("versions")
        .select(["number", "snapshot"])
        .where("entity", "=", "product")
        .where("entity_id", "=", product.id)
        .where("number", "<", product.importVersion)
        .orderBy("number", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!before) continue;
      const result = await productVersions.restore(trx, actor, product.id, JSON.parse(before.snapshot) as Snapshot);
      if (!result.ok) throw new RevertRefused(`${product.name}: ${result.message}`);
      await recordProductVersion(trx, actor, product.id, "revert", {
        changeSet: set.changeSet,
        summary: `Import reverted: back to version ${Number(before.number)}`,
      });
      changed.push(...result.changed);
      restored++;
    }
    await recordActivity(trx, actor, {
      action: "revert",
      entity: "import",
      entityId: set.changeSet,
      label: "Products (CSV)",
      summary: `Reverted the import of ${set.at}: ${restored} restored, ${removed} removed`,
      changeSet: set.changeSet,
      details: { importActivityId: set.activityId },
    });
    return { ok: true, restored, removed, changed: [...new Set(changed)] };
  });
}

export class RevertRefused extends Error {}
