import type { Db } from "~/db/database.server";
import { nextSortOrder, parseSortOrder } from "~/features/admin/reorder.server";
import { removeStoredImageIfUnused } from "~/features/media/images.server";
import type { Storage } from "~/features/media/storage.server";
import { discardImages, storeUploadedImage, UploadError } from "~/features/media/upload.server";
import { newId, nowIso } from "~/lib/time";

export async function listCertificatesForAdmin(db: Db) {
  return db.selectFrom("certificates").selectAll().orderBy("sort_order", "asc").orderBy("created_at", "asc").execute();
}

export interface CertificateInput {
  id?: string;
  name: string;
  description: string;
  authority: string;
  sortOrder: string;
  image: File | null;
  removeImage: boolean;
}

export type ItemResult = { ok: true } | { ok: false; title: string; message: string };

export async function saveCertificate(
  db: Db,
  storage: Storage,
  input: CertificateInput,
  maxBytes: number,
): Promise<ItemResult> {
  const name = input.name.trim().slice(0, 120);
  if (!name) return { ok: false, title: "Missing Name", message: "Certificate name is required." };
  const existing = input.id
    ? await db.selectFrom("certificates").selectAll().where("id", "=", input.id).executeTakeFirst()
    : undefined;
  if (input.id && !existing)
    return { ok: false, title: "Error fetching certificates", message: "The certificate no longer exists." };
  let uploaded: { path: string; publicUrl: string } | null = null;
  if (input.image) {
    try {
      uploaded = await storeUploadedImage(storage, input.image, {
        folder: "public/certificates",
        prefix: "certificate",
        maxBytes,
      });
    } catch (error) {
      if (error instanceof UploadError)
        return { ok: false, title: "Image Operation Failed", message: `Image upload failed: ${error.message}` };
      throw error;
    }
  }
  // Removal was staged in the form and is applied now, with the save (spec §4).
  const imageUrl = uploaded ? uploaded.publicUrl : input.removeImage ? null : (existing?.image_url ?? null);
  const now = nowIso();
  const values = {
    name,
    description: input.description.trim().slice(0, 2000) || null,
    authority: input.authority.trim().slice(0, 200) || null,
    image_url: imageUrl,
    sort_order: parseSortOrder(input.sortOrder, existing?.sort_order ?? (await nextSortOrder(db, "certificates"))),
    updated_at: now,
  };
  try {
    if (existing) await db.updateTable("certificates").set(values).where("id", "=", existing.id).execute();
    else
      await db
        .insertInto("certificates")
        .values({ id: newId(), ...values, created_at: now })
        .execute();
  } catch (error) {
    if (uploaded) await discardImages(storage, [uploaded.path]);
    throw error;
  }
  if (existing?.image_url !== imageUrl) await removeStoredImageIfUnused(db, storage, existing?.image_url);
  return { ok: true };
}

export async function deleteCertificate(db: Db, storage: Storage, id: string): Promise<boolean> {
  const row = await db.selectFrom("certificates").select("image_url").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  await db.deleteFrom("certificates").where("id", "=", id).execute();
  await removeStoredImageIfUnused(db, storage, row.image_url);
  return true;
}
