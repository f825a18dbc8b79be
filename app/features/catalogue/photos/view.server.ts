import type { Db } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import { STALE_AFTER_MS, parseJson, type JobState, type PhotoPlan, type PhotoResult } from "./job";
import { failDeadPhotoJobs } from "./sweep.server";

/** Longest list the page shows of each kind; the counts are always whole. */
export const VIEW_LIST_LIMIT = 500;

export interface ProductPhotos {
  id: string;
  name: string;
  slug: string;
  main: PhotoResult | null;
  gallery: PhotoResult[];
}

/**
 * A job as its page shows it: progress while it runs; then each product with the pictures it will get, the files
 * that match nothing or were refused, and the products still without a main picture. Null for another person's job.
 */
export async function loadPhotoJob(db: Db, storage: Storage, userId: string, jobId: string) {
  let job = await db
    .selectFrom("photo_import_jobs")
    .selectAll()
    .where("id", "=", jobId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!job) return null;
  if (job.state === "processing" && Date.now() - Date.parse(job.updated_at) > STALE_AFTER_MS) {
    // Its process died (ADR 0042: failed, not resumed): marked so and cleaned by whoever looks first.
    await failDeadPhotoJobs(db, storage, jobId);
    job = await db.selectFrom("photo_import_jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
  }
  const plan = parseJson<PhotoPlan>(job.plan, { photos: [], unmatched: [] });
  const results = job.state === "processing" ? [] : parseJson<PhotoResult[]>(job.results, []);
  const products = await db
    .selectFrom("products")
    .select(["id", "name", "slug", "image_url"])
    .orderBy("name")
    .execute();
  const byProduct = new Map<string, ProductPhotos>();
  for (const result of results.filter((r) => r.url)) {
    const product = products.find((p) => p.id === result.productId);
    if (!product) continue;
    let entry = byProduct.get(product.id);
    if (!entry) byProduct.set(product.id, (entry = { ...product, main: null, gallery: [] }));
    if (result.position === 1) entry.main = result;
    else entry.gallery.push(result);
  }
  for (const entry of byProduct.values()) entry.gallery.sort((a, b) => a.position - b.position);
  const refused = results.filter((r) => r.error);
  const withoutPicture = products.filter((p) => !p.image_url && !byProduct.get(p.id)?.main);
  return {
    id: job.id,
    fileName: job.file_name,
    state: job.state as JobState,
    total: job.total,
    done: job.done,
    error: job.error,
    createdAt: job.created_at,
    products: [...byProduct.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, VIEW_LIST_LIMIT),
    productCount: byProduct.size,
    pictureCount: results.filter((r) => r.url).length,
    unmatched: plan.unmatched.slice(0, VIEW_LIST_LIMIT),
    unmatchedCount: plan.unmatched.length,
    refused: refused.slice(0, VIEW_LIST_LIMIT).map((r) => ({ file: r.file, reason: r.error! })),
    refusedCount: refused.length,
    withoutPicture: withoutPicture.slice(0, VIEW_LIST_LIMIT).map((p) => ({ id: p.id, name: p.name, slug: p.slug })),
    withoutPictureCount: withoutPicture.length,
  };
}
export type PhotoJobView = NonNullable<Awaited<ReturnType<typeof loadPhotoJob>>>;

/** This person's latest jobs, newest first, for the upload page. */
export function recentPhotoJobs(db: Db, userId: string) {
  return db
    .selectFrom("photo_import_jobs")
    .select(["id", "file_name", "state", "total", "done", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(10)
    .execute();
}
