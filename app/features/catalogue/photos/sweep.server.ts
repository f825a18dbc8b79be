import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "~/db/database.server";
import { type BackgroundTask, startBackgroundTask } from "~/lib/background-task.server";
import type { Storage } from "~/lib/storage/storage.server";
import { nowIso } from "~/lib/time";
import { discardJobPictures } from "./discard.server";
import { INTERRUPTED, STALE_AFTER_MS } from "./job";

/** Where ZIPs wait on disk while their job runs (`<job id>.zip`): DATA_DIR, never the system's temp folder. */
export const zipFolder = (dataDir: string) => path.join(dataDir, "photo-imports");

const SWEEP_EVERY_MS = 60_000;

/**
 * Marks failed the jobs whose process died (no heartbeat for STALE_AFTER_MS), one or all, and removes the pictures
 * they stored that nothing uses. Whichever instance looks first does it; the others find it done.
 */
export async function failDeadPhotoJobs(db: Db, storage: Storage, jobId?: string): Promise<void> {
  const cutoff = new Date(Date.now() - STALE_AFTER_MS).toISOString();
  const dead = await db
    .selectFrom("photo_import_jobs")
    .select("id")
    .where("state", "=", "processing")
    .where("updated_at", "<", cutoff)
    .$if(jobId !== undefined, (q) => q.where("id", "=", jobId!))
    .execute();
  for (const job of dead) {
    const claimed = await db
      .updateTable("photo_import_jobs")
      .set({ state: "failed", error: INTERRUPTED, updated_at: nowIso() })
      .where("id", "=", job.id)
      .where("state", "=", "processing")
      .where("updated_at", "<", cutoff)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) > 0) await discardJobPictures(db, storage, job.id);
  }
}

/** Removes the ZIPs no running job reads: those of jobs that died, were refused or ended without removing theirs. */
export async function removeLeftoverZips(db: Db, dataDir: string): Promise<void> {
  const folder = zipFolder(dataDir);
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    // A ZIP still arriving has no job yet: it is left alone until it has been quiet as long as a dead job.
    if (!info || Date.now() - info.mtimeMs < STALE_AFTER_MS) continue;
    const running = await db
      .selectFrom("photo_import_jobs")
      .select("id")
      .where("id", "=", path.basename(name, ".zip"))
      .where("state", "=", "processing")
      .executeTakeFirst();
    if (!running) await rm(file, { force: true }).catch(() => {});
  }
}

export async function sweepPhotoImports(db: Db, storage: Storage, dataDir: string): Promise<void> {
  await failDeadPhotoJobs(db, storage);
  await removeLeftoverZips(db, dataDir);
}

/** At start and every minute: jobs cut off by a killed process, and their ZIPs, are cleaned (issue 38). */
export function startPhotoSweepTimer(db: Db, storage: Storage, dataDir: string): BackgroundTask {
  return startBackgroundTask("[photos] sweep", () => sweepPhotoImports(db, storage, dataDir), {
    intervalMs: SWEEP_EVERY_MS,
    firstAfterMs: 0,
  });
}
