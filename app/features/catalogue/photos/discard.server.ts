import { isPostgres, type Db } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import { forgetRegisteredPicture, isStoredImageUsed, removeImage } from "~/features/images/images.server";

const PENDING = ["processing", "ready"];

/**
 * Removes pictures a job stored new, unless something uses them: a record, a kept version, or another pending import
 * (issue 38), which then becomes the one to remove them. The check and the forgetting are one transaction with the
 * registry row locked, so a job recording the same picture at that moment is either seen here or finds the row gone
 * and stores the picture again (`recordJobPicture`). Call it once the job is no longer pending.
 */
export async function discardNewPictures(db: Db, storage: Storage, storageKeys: string[]): Promise<void> {
  for (const key of storageKeys) {
    const unused = await db.transaction().execute(async (trx) => {
      await trx
        .selectFrom("media")
        .select("id")
        .where("storage_key", "=", key)
        .$if(isPostgres(trx), (q) => q.forUpdate())
        .execute();
      if (await isStoredImageUsed(trx, key)) {
        await trx
          .updateTable("photo_job_pictures")
          .set({ created: 1 })
          .where("storage_key", "=", key)
          .where("job_id", "in", trx.selectFrom("photo_import_jobs").select("id").where("state", "in", PENDING))
          .execute();
        return false;
      }
      await forgetRegisteredPicture(trx, key);
      return true;
    });
    if (unused) await removeImage(storage, key).catch(() => {});
  }
}

/** Removes what a job that ended unimported (cancelled, failed, found dead) stored and nothing uses. */
export async function discardJobPictures(db: Db, storage: Storage, jobId: string): Promise<void> {
  const rows = await db
    .selectFrom("photo_job_pictures")
    .select("storage_key")
    .where("job_id", "=", jobId)
    .where("created", "=", 1)
    .execute();
  await discardNewPictures(
    db,
    storage,
    rows.map((row) => row.storage_key),
  );
  await db.deleteFrom("photo_job_pictures").where("job_id", "=", jobId).execute();
}

/**
 * Records a picture a job stored or found by hash, as it is stored, so that it counts as in use. False when its
 * registry row went meanwhile (another job's Cancel removed it): the caller stores it again.
 */
export async function recordJobPicture(db: Db, jobId: string, storageKey: string, created: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const registered = await trx
      .selectFrom("media")
      .select("id")
      .where("storage_key", "=", storageKey)
      .$if(isPostgres(trx), (q) => q.forShare())
      .executeTakeFirst();
    if (!registered) return false;
    await trx
      .insertInto("photo_job_pictures")
      .values({ job_id: jobId, storage_key: storageKey, created: created ? 1 : 0 })
      .onConflict((oc) => oc.columns(["job_id", "storage_key"]).doNothing())
      .execute();
    return true;
  });
}
