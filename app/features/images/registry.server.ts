import { createHash } from "node:crypto";
import type { Db } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import { newId, nowIso } from "~/lib/time";
import { forgetRegisteredPicture, removeImage } from "./images.server";
import { storeImageBytes } from "./upload.server";

/**
 * The media registry (ADR 0042): every picture stored through it has one row, found by the SHA-256 of the bytes
 * it was made from (the file as sent, before it is re-encoded: hashing needs no decoding, so a picture seen before
 * is recognised without the work of storing it). The same bytes sent again give the stored picture back.
 */
export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export interface StoredPicture {
  storageKey: string;
  publicUrl: string;
  /** False when the same bytes were stored before and that picture was given back. */
  created: boolean;
}

/**
 * Stores `bytes` once: the registered picture with the same hash when there is one (and its file is still there),
 * otherwise the picture checked and stored as an upload is (storeImageBytes: type, size, megapixels, metadata
 * stripped) and registered. Throws UploadError for a file that is not an acceptable picture.
 */
export async function storePictureOnce(
  db: Db,
  storage: Storage,
  bytes: Uint8Array,
  options: { folder: string; prefix: string; maxBytes: number },
): Promise<StoredPicture> {
  const sha256 = sha256Of(bytes);
  const known = await findBySha(db, sha256);
  if (known && (await storage.stat(known.storage_key)))
    return { storageKey: known.storage_key, publicUrl: storage.publicUrl(known.storage_key), created: false };
  // A row whose file has gone (removed by hand) is replaced by the picture stored again.
  if (known) await db.deleteFrom("media").where("id", "=", known.id).execute();
  const stored = await storeImageBytes(storage, bytes, options);
  const inserted = await db
    .insertInto("media")
    .values({
      id: newId(),
      storage_key: stored.path,
      sha256,
      byte_size: stored.byteSize,
      width: stored.width,
      height: stored.height,
      alt_text: null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column("sha256").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    // Another import stored the same picture a moment ago: keep theirs.
    await removeImage(storage, stored.path).catch(() => {});
    const theirs = await findBySha(db, sha256);
    if (theirs)
      return { storageKey: theirs.storage_key, publicUrl: storage.publicUrl(theirs.storage_key), created: false };
  }
  return { storageKey: stored.path, publicUrl: stored.publicUrl, created: true };
}

const findBySha = (db: Db, sha256: string) =>
  db.selectFrom("media").select(["id", "storage_key"]).where("sha256", "=", sha256).executeTakeFirst();

/** Forgets a registered picture and removes its files (the caller knows nothing uses it). */
export async function unregisterPicture(db: Db, storage: Storage, storageKey: string): Promise<void> {
  await forgetRegisteredPicture(db, storageKey);
  await removeImage(storage, storageKey).catch(() => {});
}
