import sharp from "sharp";
import type { Db } from "~/db/database.server";
import { recordProductVersion } from "~/features/catalogue/product-admin.server";
import { recordActivity } from "~/features/history/record.server";
import { isStoredImageUsed } from "~/features/images/images.server";
import { sha256Of, storePictureOnce, unregisterPicture } from "~/features/images/registry.server";
import { tooLarge } from "~/features/images/upload-limits";
import { UploadError, folderSegment } from "~/features/images/upload.server";
import type { Actor } from "~/lib/actor";
import { slugify } from "~/lib/slug";
import type { Refusal } from "~/lib/forms/submission";
import { isMissingObject, mediaType, type Storage } from "~/lib/storage/storage.server";
import { newId, nowIso } from "~/lib/time";
import { productChanges, type PageTag } from "~/lib/web/page-tags";
import { ALT_TEXT_MAX, LIBRARY_PAGE_SIZE } from "./media-library";
import { pictureUses, type PictureUse } from "./picture-usage.server";

/** Older pictures registered per opening of the library, so a first opening on a large site answers in seconds. */
const BACKFILL_PER_OPENING = 200;

export interface LibraryPicture {
  id: string;
  storageKey: string;
  url: string;
  name: string;
  byteSize: number;
  width: number;
  height: number;
  altText: string;
  createdAt: string;
  uses: PictureUse[];
}

export type LibraryFilter = "all" | "unused";

/**
 * Registers the stored pictures the site uses that the registry does not know yet: those uploaded one by one on an
 * edit page, and every picture stored before the registry existed. Read once each (size, pixels, hash of the stored
 * file); a referenced file that is gone is skipped. Returns how many are still waiting (a large site's first openings).
 */
export async function registerUsedPictures(db: Db, storage: Storage, uses: Map<string, PictureUse[]>) {
  const known = new Set((await db.selectFrom("media").select("storage_key").execute()).map((r) => r.storage_key));
  const missing = [...uses.keys()].filter((key) => !known.has(key) && mediaType(key) && !/-w\d+\.webp$/.test(key));
  for (const key of missing.slice(0, BACKFILL_PER_OPENING)) {
    let bytes: Buffer;
    try {
      // The same whole read as the spec sheets and the backup make of a stored file.
      bytes = Buffer.from(await new Response(storage.read(key)).arrayBuffer());
    } catch (error) {
      if (isMissingObject(error)) continue;
      throw error;
    }
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) continue;
    await db
      .insertInto("media")
      .values({
        id: newId(),
        storage_key: key,
        sha256: sha256Of(bytes),
        byte_size: bytes.length,
        width: meta.width,
        height: meta.pageHeight ?? meta.height,
        alt_text: null,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return Math.max(0, missing.length - BACKFILL_PER_OPENING);
}

/** The library's page: every registered picture, newest first, with where it is used (or only the unused ones). */
export async function listLibrary(db: Db, storage: Storage, query: { filter: LibraryFilter; page: number }) {
  const uses = await pictureUses(db);
  const waiting = await registerUsedPictures(db, storage, uses);
  const rows = await db.selectFrom("media").selectAll().orderBy("created_at", "desc").orderBy("id").execute();
  const all = rows.map((row): LibraryPicture => ({
    id: row.id,
    storageKey: row.storage_key,
    url: storage.publicUrl(row.storage_key),
    name: row.storage_key.split("/").pop() ?? row.storage_key,
    byteSize: Number(row.byte_size),
    width: Number(row.width),
    height: Number(row.height),
    altText: row.alt_text ?? "",
    createdAt: row.created_at,
    uses: uses.get(row.storage_key) ?? [],
  }));
  const unused = all.filter((p) => p.uses.length === 0).length;
  const shown = query.filter === "unused" ? all.filter((p) => p.uses.length === 0) : all;
  const pages = Math.max(1, Math.ceil(shown.length / LIBRARY_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pages);
  return {
    pictures: shown.slice((page - 1) * LIBRARY_PAGE_SIZE, page * LIBRARY_PAGE_SIZE),
    total: all.length,
    unused,
    shownTotal: shown.length,
    page,
    pages,
    waiting,
  };
}

const findPicture = (db: Db, id: string) => db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();

const GONE: Refusal = { ok: false, title: "Picture Not Found", message: "The picture is no longer in the library." };

/** Saves a picture's 'Alt Text' (what it shows, for readers who cannot see it); empty clears it. */
export async function saveAltText(
  db: Db,
  actor: Actor,
  id: string,
  text: string,
): Promise<{ ok: true; name: string } | Refusal> {
  const altText = text.replace(/\s+/g, " ").trim();
  if (altText.length > ALT_TEXT_MAX)
    return {
      ok: false,
      title: "Alt Text Not Saved",
      message: `Alt Text must be at most ${ALT_TEXT_MAX} characters.`,
      field: "alt_text",
    };
  const picture = await findPicture(db, id);
  if (!picture) return GONE;
  const name = picture.storage_key.split("/").pop()!;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("media")
      .set({ alt_text: altText || null })
      .where("id", "=", id)
      .execute();
    await recordActivity(trx, actor, {
      action: "update",
      entity: "media",
      entityId: id,
      label: name,
      summary: altText ? `Alt Text: ${altText}` : "Alt Text cleared",
    });
  });
  return { ok: true, name };
}

/**
 * Deletes a picture nobody uses: refused while any page, item, setting, translation or kept version names it (the
 * same check as every other removal of a stored picture), so a deletion can never break a page or a restore.
 */
export async function deleteUnusedPicture(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
): Promise<{ ok: true; name: string } | Refusal> {
  const picture = await findPicture(db, id);
  if (!picture) return GONE;
  const name = picture.storage_key.split("/").pop()!;
  if (await isStoredImageUsed(db, picture.storage_key))
    return {
      ok: false,
      title: "Picture In Use",
      message: `${name} is still used (by a page, an item or a kept version) and cannot be deleted.`,
    };
  await recordActivity(db, actor, {
    action: "delete",
    entity: "media",
    entityId: id,
    label: name,
    summary: `Deleted picture ${name}`,
  });
  await unregisterPicture(db, storage, picture.storage_key);
  return { ok: true, name };
}

export interface UploadOutcome {
  file: string;
  /** stored: new; known: the same picture was already in the library; refused: why not. */
  result: "stored" | "known" | "refused";
  message?: string;
}

/** 'Upload Pictures': each file checked as any upload (type, size, megapixels, metadata stripped), stored once. */
export async function uploadPictures(
  db: Db,
  storage: Storage,
  actor: Actor,
  files: File[],
  maxBytes: number,
): Promise<UploadOutcome[]> {
  const outcomes: UploadOutcome[] = [];
  for (const file of files) {
    const name = file.name || "picture";
    try {
      // As storeUploadedImage does: refused before it is hashed, with the upload's own message.
      if (file.size > maxBytes) throw new UploadError(tooLarge(maxBytes));
      const stored = await storePictureOnce(db, storage, new Uint8Array(await file.arrayBuffer()), {
        folder: "public/library",
        prefix: folderSegment(slugify(name.replace(/\.[^.]*$/, "")).slice(0, 40)),
        maxBytes,
      });
      outcomes.push({ file: name, result: stored.created ? "stored" : "known" });
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      outcomes.push({ file: name, result: "refused", message: error.message });
    }
  }
  const stored = outcomes.filter((o) => o.result === "stored").length;
  if (stored)
    await recordActivity(db, actor, {
      action: "create",
      entity: "media",
      summary: `Uploaded ${stored === 1 ? "1 picture" : `${stored} pictures`} to the Media Library`,
    });
  return outcomes;
}

export type AssignRole = "main" | "gallery";

/**
 * Gives a product a library picture as its main picture or as its gallery's last one, as a save of the product (a
 * version and an activity row, in one transaction). The main picture it replaces stays in the library (and in the
 * product's previous version).
 */
export async function assignPicture(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: { id: string; productId: string; role: AssignRole },
): Promise<{ ok: true; product: string; changed: PageTag[] } | Refusal> {
  const picture = await findPicture(db, input.id);
  if (!picture) return GONE;
  const product = await db
    .selectFrom("products")
    .select(["id", "name", "category_id", "image_url", "gallery_images"])
    .where("id", "=", input.productId)
    .executeTakeFirst();
  if (!product) return { ok: false, title: "Picture Not Assigned", message: "Choose a product.", field: "product_id" };
  const url = storage.publicUrl(picture.storage_key);
  const gallery = parseGallery(product.gallery_images);
  if (input.role === "main" ? product.image_url === url : gallery.includes(url))
    return {
      ok: false,
      title: "Picture Not Assigned",
      message: `${product.name} already has this picture as its ${input.role === "main" ? "main picture" : "gallery image"}.`,
    };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("products")
      .set(
        input.role === "main"
          ? { image_url: url, updated_at: nowIso() }
          : { gallery_images: JSON.stringify([...gallery, url]), updated_at: nowIso() },
      )
      .where("id", "=", product.id)
      .execute();
    await recordProductVersion(trx, actor, product.id, "update");
  });
  return { ok: true, product: product.name, changed: productChanges(product.id, product.category_id) };
}

function parseGallery(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === "string") : [];
  } catch {
    return [];
  }
}
