import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import { newId, nowIso } from "~/lib/time";
import { recordActivity } from "~/features/history/record.server";
import { categoryNames as readCategoryNames, recordProductVersion } from "../product-admin.server";
import type { ImportPlan } from "./import-plan";

/**
 * Writes a plan inside the caller's transaction, as one change set (issue 27): an `import` activity row naming
 * the counts, and a version of every product it added or updated tied to it, so 'Revert import' can put each back.
 */
export async function writeImportPlan(trx: Db, actor: Actor, plan: ImportPlan): Promise<number> {
  const now = nowIso();
  const changeSet = newId();
  // An import names no new categories: their names, read once, describe every product's version.
  const categoryNames = await readCategoryNames(trx);
  // Each updated product's state before the import is a version, so a revert has something to go back to.
  for (const product of plan.update) await recordProductVersion(trx, actor, product.id, "update", { categoryNames });
  // Batches stay under SQLite's limit on bound values per statement.
  for (let i = 0; i < plan.add.length; i += 500) {
    await trx
      .insertInto("products")
      .values(plan.add.slice(i, i + 500).map((p) => ({ id: p.id, ...p.values, created_at: now, updated_at: now })))
      .execute();
  }
  for (const product of plan.update) {
    await trx
      .updateTable("products")
      .set({ ...product.values, updated_at: now })
      .where("id", "=", product.id)
      .execute();
  }
  await recordActivity(trx, actor, {
    action: "import",
    entity: "import",
    entityId: changeSet,
    label: "Products (CSV)",
    summary: `Imported products from CSV: ${plan.add.length} added, ${plan.update.length} updated`,
    changeSet,
    details: { added: plan.add.map((p) => p.id), updated: plan.update.map((p) => p.id) },
    at: now,
  });
  for (const product of plan.add)
    await recordProductVersion(trx, actor, product.id, "create", { changeSet, categoryNames });
  for (const product of plan.update)
    await recordProductVersion(trx, actor, product.id, "import", { changeSet, categoryNames });
  return plan.add.length + plan.update.length;
}

/** Writes a plan in one transaction: every row or none. Returns how many products were imported. */
export function applyImport(db: Db, actor: Actor, plan: ImportPlan): Promise<number> {
  return db.transaction().execute((trx) => writeImportPlan(trx, actor, plan));
}
