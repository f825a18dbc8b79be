import type { Selectable } from "kysely";
import type { z } from "zod";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";
import { removeStoredImageIfUnused } from "~/features/images/images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { discardImages, storeUploadedImage, UploadError } from "~/features/images/upload.server";
import type { Refusal } from "~/lib/forms/submission";
import type { OpenedVersion } from "~/lib/forms/edit-version";
import { expectUnchanged, StaleEdit, staleRowRefusal } from "~/features/history/edit-version.server";
import { newId, nowIso } from "~/lib/time";
import { IMAGE_OPERATION_FAILED, type ItemKind } from "./sorted-image-items";
import type { Actor } from "~/lib/actor";
import type { PageTag } from "~/lib/web/page-tags";
import { deleteTranslationsOf } from "~/db/content-translations.server";
import { recordRowBaseline, recordRowDelete, recordRowVersion } from "~/features/history/row-versions.server";
import { itemEntity } from "./item-entities";
import { wholeOrderProblem } from "~/lib/whole-order";

export type SortedImageTable = "certificates" | "gallery_items";

/** What the fields of an item's form hold besides its columns: the picture and the place in the list. */
export interface ItemFormValues {
  sort_order?: number;
  image: File | null;
  image_remove: boolean;
}

/** One sorted list of pictured items: its table, where its pictures go (spec §7), its words and its form. */
export interface SortedImageItems<S extends z.ZodObject = z.ZodObject> extends ItemKind<S> {
  table: SortedImageTable;
  /** The admin page, where every write returns to (form closed). */
  list: string;
  folder: string;
  /** The stored file's name before its random suffix, made at upload time. */
  filePrefix: () => string;
  /** What any write to the list changes on the public site (`AppServices.changed`). */
  changes: PageTag;
  /** Spec §5 (gallery): the refusal when the item would be left without a picture. */
  imageRequired?: Refusal;
}

export async function listSortedItems<T extends SortedImageTable>(db: Db, table: T) {
  const rows = await db
    .selectFrom(table as SortedImageTable)
    .selectAll()
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
  // Kysely types a query on either table as one on both; each table's own rows are these.
  return rows as Array<
    Selectable<Database[T]> & Pick<(typeof rows)[number], "id" | "image_url" | "sort_order" | "updated_at">
  >;
}

/** The next sort_order for a new item: the current count (spec §9). */
export async function nextSortOrder(db: Db, table: SortedImageTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds or updates an item. A new picture is stored first and removed again if the database write then fails; the
 * old one is removed only once the write has succeeded. A removal staged in the form is applied now (spec §4).
 */
export async function saveSortedItem(
  db: Db,
  storage: Storage,
  actor: Actor,
  kind: SortedImageItems<z.ZodObject>,
  input: ItemFormValues & { id?: string; columns: Record<string, string | null>; opened?: OpenedVersion | null },
  maxBytes: number,
): Promise<{ ok: true } | Refusal> {
  const existing = input.id
    ? await db
        .selectFrom(kind.table)
        .select(["id", "image_url", "sort_order", "updated_at"])
        .where("id", "=", input.id)
        .executeTakeFirst()
    : undefined;
  if (input.id && !existing) return { ok: false, title: kind.words.fetchError, message: kind.words.gone };
  // Refused before the picture is stored; the conditioned update below closes the race (ADR 0049).
  const opened = existing ? input.opened : null;
  if (existing && opened && existing.updated_at !== opened.updatedAt)
    return staleRowRefusal(db, itemEntity(kind.table), existing.id, opened);
  if (kind.imageRequired && !input.image && (!existing?.image_url || input.image_remove)) return kind.imageRequired;
  let uploaded: { path: string; publicUrl: string } | null = null;
  if (input.image) {
    try {
      uploaded = await storeUploadedImage(storage, input.image, {
        folder: kind.folder,
        prefix: kind.filePrefix(),
        maxBytes,
      });
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      return {
        ok: false,
        title: IMAGE_OPERATION_FAILED,
        message: `Image upload failed: ${error.message}`,
        field: "image",
      };
    }
  }
  const imageUrl = uploaded ? uploaded.publicUrl : input.image_remove ? null : (existing?.image_url ?? null);
  const now = nowIso();
  const values = {
    ...input.columns,
    image_url: imageUrl,
    sort_order: input.sort_order ?? existing?.sort_order ?? (await nextSortOrder(db, kind.table)),
    updated_at: now,
  };
  try {
    await db.transaction().execute(async (trx) => {
      const id = existing?.id ?? newId();
      if (existing) {
        await recordRowBaseline(trx, itemEntity(kind.table), id);
        const updated = await trx
          .updateTable(kind.table)
          .set(values)
          .where("id", "=", id)
          .$if(!!opened, (q) => q.where("updated_at", "=", opened!.updatedAt))
          .executeTakeFirst();
        expectUnchanged(updated);
      } else
        await trx
          .insertInto(kind.table)
          .values({ id, ...values, created_at: now })
          .execute();
      await recordRowVersion(trx, actor, itemEntity(kind.table), id, existing ? "update" : "create");
    });
  } catch (error) {
    if (uploaded) await discardImages(storage, [uploaded.path]);
    if (error instanceof StaleEdit) return staleRowRefusal(db, itemEntity(kind.table), existing!.id, opened!);
    throw error;
  }
  if (existing?.image_url !== imageUrl) await removeStoredImageIfUnused(db, storage, existing?.image_url);
  return { ok: true };
}

/** Deletes an item and then its picture (unless something else still shows it); false when it no longer exists. */
export async function deleteSortedItem(db: Db, storage: Storage, actor: Actor, table: SortedImageTable, id: string) {
  const row = await db.selectFrom(table).select("image_url").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  await db.transaction().execute(async (trx) => {
    const entity = itemEntity(table);
    await recordRowDelete(trx, actor, entity, id);
    await trx.deleteFrom(table).where("id", "=", id).execute();
    await deleteTranslationsOf(trx, entity.translated, id);
  });
  await removeStoredImageIfUnused(db, storage, row.image_url);
  return true;
}

/**
 * Moves an item one place up or down in the admin order (sort_order, then created_at) and renumbers the list
 * 0…n-1 in one transaction, so equal or gapped numbers from older data settle too.
 */
export async function moveSortedItem(
  db: Db,
  actor: Actor,
  table: SortedImageTable,
  id: string,
  direction: "up" | "down",
) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom(table)
      .select(["id", "sort_order"])
      .orderBy("sort_order", "asc")
      .orderBy("created_at", "asc")
      .orderBy("id")
      .execute();
    const index = rows.findIndex((r) => r.id === id);
    const target = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || target < 0 || target >= rows.length) return false;
    [rows[index], rows[target]] = [rows[target], rows[index]];
    for (const [position, row] of rows.entries()) {
      if (row.sort_order !== position)
        await trx.updateTable(table).set({ sort_order: position }).where("id", "=", row.id).execute();
    }
    return true;
  });
}

/**
 * Puts the whole list in the order sent (drag and drop or the keyboard: one request, however far an item moves) and
 * numbers it 0…n-1 in one transaction. The order must name every item exactly once, else nothing changes and the
 * problem is returned in words (a stale page, or a request made up by hand).
 */
export async function reorderSortedItems(db: Db, table: SortedImageTable, ids: readonly string[], noun: string) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom(table).select(["id", "sort_order"]).execute();
    const problem = wholeOrderProblem(
      rows.map((row) => row.id),
      ids,
      noun,
    );
    if (problem) return problem;
    const was = new Map(rows.map((row) => [row.id, row.sort_order]));
    for (const [position, id] of ids.entries()) {
      if (was.get(id) !== position)
        await trx.updateTable(table).set({ sort_order: position }).where("id", "=", id).execute();
    }
    return null;
  });
}
