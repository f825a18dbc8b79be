import { rm } from "node:fs/promises";
import type { Db } from "~/db/database.server";
import { log } from "~/lib/log.server";
import type { Storage } from "~/lib/storage/storage.server";
import { nowIso } from "~/lib/time";
import { storePictureOnce } from "~/features/images/registry.server";
import { UploadError, folderSegment } from "~/features/images/upload.server";
import { tooLarge } from "~/features/images/upload-limits";
import { discardJobPictures, recordJobPicture } from "./discard.server";
import { HEARTBEAT_MS, parseJson, type PhotoPlan, type PhotoResult } from "./job";
import { EntryTooLarge, MAX_UNPACKED_BYTES, TOO_BIG_UNPACKED, ZipRefused, withZip } from "./zip.server";

/** How often the job's results are written out while it runs (its count of files done is written after each). */
const SAVE_EVERY = 50;

/**
 * Checks and stores every matched picture of a job, entry by entry out of the ZIP on disk (one picture in memory at
 * a time), then marks it ready for its preview. The ZIP is removed once it is done. A picture that fails the
 * upload checks is reported and the rest go on; a ZIP that unpacks to more than it may is stopped whole, and the
 * pictures the job stored are removed again. Each picture is recorded as it is stored (photo_job_pictures) and the
 * row is written every few seconds, so a job whose process died is seen and cleaned (sweep.server.ts); a job found
 * dead while it was only slow stops at its next picture.
 */
export async function runPhotoJob(
  db: Db,
  storage: Storage,
  jobId: string,
  zipPath: string,
  maxBytes: number,
): Promise<void> {
  const job = await db.selectFrom("photo_import_jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
  const plan = parseJson<PhotoPlan>(job.plan, { photos: [], unmatched: [] });
  const slugs = new Map(
    (await db.selectFrom("products").select(["id", "slug"]).execute()).map((p) => [p.id, p.slug] as const),
  );
  const results: PhotoResult[] = [];
  // Every write is conditioned on the job still running: one marked failed (found dead, cancelled) is not revived.
  const save = async (values: { state?: string; error?: string | null } = {}, withResults = true) => {
    const written = await db
      .updateTable("photo_import_jobs")
      .set({
        done: results.length,
        ...(withResults ? { results: JSON.stringify(results) } : {}),
        updated_at: nowIso(),
        ...values,
      })
      .where("id", "=", jobId)
      .where("state", "=", "processing")
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) throw new JobStopped();
  };
  const heartbeat = setInterval(() => {
    void db
      .updateTable("photo_import_jobs")
      .set({ updated_at: nowIso() })
      .where("id", "=", jobId)
      .where("state", "=", "processing")
      .execute()
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await withZip(zipPath, async (_entries, read) => {
      let unpacked = 0;
      for (const photo of plan.photos) {
        const result: PhotoResult = { file: photo.file, productId: photo.productId, position: photo.position };
        try {
          const bytes = await read(photo.index, maxBytes);
          unpacked += bytes.length;
          if (unpacked > MAX_UNPACKED_BYTES) throw new ZipRefused(TOO_BIG_UNPACKED);
          const options = {
            folder: "products",
            prefix: folderSegment(slugs.get(photo.productId) ?? "product"),
            maxBytes,
          };
          let picture = await storePictureOnce(db, storage, bytes, options);
          // Removed by another job's Cancel between its lookup and this record: stored again.
          if (!(await recordJobPicture(db, jobId, picture.storageKey, picture.created))) {
            picture = await storePictureOnce(db, storage, bytes, options);
            if (!(await recordJobPicture(db, jobId, picture.storageKey, picture.created)))
              throw new Error("The picture was removed while it was stored.");
          }
          result.url = picture.publicUrl;
        } catch (error) {
          if (error instanceof ZipRefused) throw error;
          result.error = reasonOf(error, maxBytes);
        }
        results.push(result);
        await save({}, results.length % SAVE_EVERY === 0);
      }
    });
    // Read through: the ZIP goes before the job says it is ready, so nothing waits on disk behind a finished job.
    await rm(zipPath, { force: true }).catch(() => {});
    await save({ state: "ready" });
  } catch (error) {
    clearInterval(heartbeat);
    if (error instanceof JobStopped) {
      // Found dead or cancelled meanwhile: what it stored since then is removed too.
      await discardJobPictures(db, storage, jobId).catch(() => {});
      return;
    }
    if (!(error instanceof ZipRefused)) log.error(`[photos] job ${jobId} failed`, error);
    const message =
      error instanceof ZipRefused ? error.message : "The photos could not be processed, and nothing was imported.";
    // Failed first: a pending job's own pictures count as in use.
    await save({ state: "failed", error: message }).catch(() => {});
    await discardJobPictures(db, storage, jobId).catch(() => {});
  } finally {
    clearInterval(heartbeat);
    await rm(zipPath, { force: true }).catch(() => {});
  }
}

class JobStopped extends Error {}

function reasonOf(error: unknown, maxBytes: number): string {
  if (error instanceof EntryTooLarge) return tooLarge(maxBytes);
  if (error instanceof UploadError) return error.message;
  // A forged size, a damaged or encrypted entry.
  return "The file could not be unpacked from the ZIP.";
}
