import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import { nowIso } from "~/lib/time";
import type { ImportPlan } from "./import-plan";

/** Writes a plan inside the caller's transaction. */
export async function writeImportPlan(trx: Db, actor: Actor, plan: ImportPlan): Promise<number> {
  const now = nowIso();
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
  return plan.add.length + plan.update.length;
}

/** Writes a plan in one transaction: every row or none. Returns how many products were imported. */
export function applyImport(db: Db, actor: Actor, plan: ImportPlan): Promise<number> {
  return db.transaction().execute((trx) => writeImportPlan(trx, actor, plan));
}
