import type { Db } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import { isStoredImageUsed } from "~/features/media/images.server";
import { unregisterPicture } from "~/features/media/registry.server";

/** Removes pictures a job stored new, unless something has come to use them since (another import, an edit). */
export async function discardNewPictures(db: Db, storage: Storage, storageKeys: string[]): Promise<void> {
  for (const key of storageKeys) if (!(await isStoredImageUsed(db, key))) await unregisterPicture(db, storage, key);
}
