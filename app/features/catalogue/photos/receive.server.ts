import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import { log } from "~/lib/log.server";
import { MultipartFileError, saveMultipartFile } from "~/lib/multipart-file.server";
import type { Storage } from "~/lib/storage/storage.server";
import { newId } from "~/lib/time";
import { NO_ZIP, zipTooLarge } from "./limits";
import { createPhotoJob } from "./plan.server";
import { runPhotoJob } from "./run.server";
import { removeLeftoverZips, zipFolder } from "./sweep.server";
import { ZipRefused } from "./zip.server";

export interface PhotoUploadSettings {
  dataDir: string;
  zipMaxBytes: number;
  uploadMaxBytes: number;
}

/**
 * Streams an uploaded ZIP to disk, plans its job from the ZIP's directory and starts it in the background. Returns
 * the job's id, or a message naming why the ZIP was refused (nothing stored, the file removed).
 */
export async function receivePhotoZip(
  db: Db,
  storage: Storage,
  actor: Actor,
  request: Request,
  settings: PhotoUploadSettings,
): Promise<{ ok: true; jobId: string } | { ok: false; message: string; status: number }> {
  const folder = zipFolder(settings.dataDir);
  await mkdir(folder, { recursive: true });
  await removeLeftoverZips(db, settings.dataDir);
  // Named after its job, so that a ZIP no running job reads is known for a leftover.
  const jobId = newId();
  const zipPath = path.join(folder, `${jobId}.zip`);
  let fileName: string;
  try {
    const saved = await saveMultipartFile(request, zipPath, settings.zipMaxBytes);
    if (saved.size === 0) throw new MultipartFileError(NO_ZIP);
    fileName = path.basename(saved.fileName.replace(/\\/g, "/"));
  } catch (error) {
    await rm(zipPath, { force: true });
    if (!(error instanceof MultipartFileError)) throw error;
    if (error.tooLarge) return { ok: false, message: zipTooLarge(settings.zipMaxBytes), status: 413 };
    return { ok: false, message: error.message === "No file was sent." ? NO_ZIP : error.message, status: 400 };
  }
  try {
    await createPhotoJob(db, actor, jobId, zipPath, fileName);
  } catch (error) {
    await rm(zipPath, { force: true });
    if (error instanceof ZipRefused) return { ok: false, message: error.message, status: 400 };
    throw error;
  }
  // Runs past this request: the page shows its progress from the job's row.
  void runPhotoJob(db, storage, jobId, zipPath, settings.uploadMaxBytes).catch((error) =>
    log.error(`[photos] job ${jobId} could not run`, error),
  );
  return { ok: true, jobId };
}
