import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import type { Storage } from "~/lib/storage/storage.server";
import { newId, nowIso } from "~/lib/time";
import { recordActivity } from "~/features/history/record.server";
import { removeStoredImageIfUnused } from "~/features/images/images.server";
import { categoryNames as readCategoryNames, recordProductVersion } from "../product-admin.server";
import { parseImageList } from "../product-text";
import { discardJobPictures } from "./discard.server";
import { parseJson, type PhotoResult } from "./job";

export const JOB_GONE =
  "These photos are no longer waiting to be imported: they were already imported or cancelled. Upload the ZIP again.";

class JobGone extends Error {}

/**
 * Imports a ready job's pictures in one transaction, as one change set like a CSV import (so 'Revert import' puts
 * every product back): a product's main picture is replaced by its `slug.jpg`; its gallery becomes its `-2`, `-3` …
 * pictures, in number order, when the ZIP has any (re-importing the same ZIP changes nothing). Pictures the products
 * no longer use are removed afterwards when nothing else uses them.
 */
export async function importPhotoJob(
  db: Db,
  storage: Storage,
  actor: Actor,
  jobId: string,
): Promise<{ ok: true; count: number; productIds: string[] } | { ok: false; message: string }> {
  const dropped: string[] = [];
  try {
    const productIds = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("photo_import_jobs")
        .set({ state: "imported", updated_at: nowIso() })
        .where("id", "=", jobId)
        .where("user_id", "=", actor.id)
        .where("state", "=", "ready")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) throw new JobGone();
      const job = await trx
        .selectFrom("photo_import_jobs")
        .select("results")
        .where("id", "=", jobId)
        .executeTakeFirstOrThrow();
      const byProduct = new Map<string, PhotoResult[]>();
      for (const r of parseJson<PhotoResult[]>(job.results, []))
        if (r.url) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
      const products = byProduct.size
        ? await trx
            .selectFrom("products")
            .select(["id", "image_url", "gallery_images"])
            .where("id", "in", [...byProduct.keys()])
            .execute()
        : [];
      const now = nowIso();
      const changeSet = newId();
      const categoryNames = await readCategoryNames(trx);
      const changed: string[] = [];
      const updates: Array<{ id: string; image_url: string | null; gallery_images: string }> = [];
      for (const product of products) {
        const pictures = byProduct.get(product.id)!.sort((a, b) => a.position - b.position);
        const main = pictures.find((p) => p.position === 1)?.url ?? product.image_url;
        const galleryUrls = pictures.filter((p) => p.position > 1).map((p) => p.url!);
        const before = parseImageList(product.gallery_images);
        const gallery = galleryUrls.length ? galleryUrls : before;
        if (main === product.image_url && JSON.stringify(gallery) === JSON.stringify(before)) continue;
        updates.push({ id: product.id, image_url: main, gallery_images: JSON.stringify(gallery) });
        const kept = new Set([main, ...gallery]);
        for (const url of [product.image_url, ...before]) if (url && !kept.has(url)) dropped.push(url);
        changed.push(product.id);
      }
      for (const u of updates) await recordProductVersion(trx, actor, u.id, "update", { categoryNames });
      for (const u of updates)
        await trx
          .updateTable("products")
          .set({ image_url: u.image_url, gallery_images: u.gallery_images, updated_at: now })
          .where("id", "=", u.id)
          .execute();
      await recordActivity(trx, actor, {
        action: "import",
        entity: "import",
        entityId: changeSet,
        label: "Product photos (ZIP)",
        summary: `Imported product photos from a ZIP: ${updates.length} products updated`,
        changeSet,
        details: { added: [], updated: changed, photoJob: jobId },
        at: now,
      });
      for (const u of updates) await recordProductVersion(trx, actor, u.id, "import", { changeSet, categoryNames });
      return changed;
    });
    // The products hold its pictures now: the job's record of them is no longer needed.
    await db.deleteFrom("photo_job_pictures").where("job_id", "=", jobId).execute();
    for (const url of new Set(dropped)) await removeStoredImageIfUnused(db, storage, url);
    return { ok: true, count: productIds.length, productIds };
  } catch (error) {
    if (error instanceof JobGone) return { ok: false, message: JOB_GONE };
    throw error;
  }
}

/** Drops a ready or failed job: the pictures it stored new and nothing uses (other pending imports included) go. */
export async function cancelPhotoJob(db: Db, storage: Storage, userId: string, jobId: string): Promise<boolean> {
  // Cancelled first: a pending job's own pictures count as in use.
  const cancelled = await db
    .updateTable("photo_import_jobs")
    .set({ state: "cancelled", updated_at: nowIso() })
    .where("id", "=", jobId)
    .where("user_id", "=", userId)
    .where("state", "in", ["ready", "failed"])
    .executeTakeFirst();
  if (Number(cancelled.numUpdatedRows) === 0) return false;
  await discardJobPictures(db, storage, jobId);
  return true;
}
