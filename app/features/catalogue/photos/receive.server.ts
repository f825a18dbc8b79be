import { mkdir, readdir, rm, stat } from "node:fs/promises";
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
import { ZipRefused } from "./zip.server";

/** Where ZIPs wait on disk while their job runs: DATA_DIR, never the system's temp folder (it may be small). */
export const zipFolder = (dataDir: string) => path.join(dataDir, "photo-imports");

/** A ZIP left behind (its job cut off by a restart) is removed after this long. */
const LEFTOVER_MS = 24 * 60 * 60 * 1000;

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
  await removeLeftovers(folder);
  const zipPath = path.join(folder, `${newId()}.zip`);
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
  let jobId: string;
  try {
    jobId = await createPhotoJob(db, actor, zipPath, fileName);
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

async function removeLeftovers(folder: string) {
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > LEFTOVER_MS) await rm(file, { force: true }).catch(() => {});
  }
}
