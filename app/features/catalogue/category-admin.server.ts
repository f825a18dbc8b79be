import { expectUnchanged, StaleEdit, staleRowRefusal } from "~/features/history/edit-version.server";
import type { OpenedVersion } from "~/lib/forms/edit-version";
import type { Db } from "~/db/database.server";
import { containsText } from "~/db/text-search";
import { PAGE_SIZE, type ListQuery } from "~/lib/web/list-query";
import { removeStoredImageIfUnused } from "~/features/images/images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { discardImages, folderSegment, storeUploadedImage, UploadError } from "~/features/images/upload.server";
import { recordMove } from "~/features/redirects/redirects.server";
import { categoryPath } from "~/lib/web/public-paths";
import type { CategoryValues } from "./catalogue.schema";
import type { Refusal } from "~/lib/forms/submission";
import { newId, nowIso } from "~/lib/time";
import type { Actor } from "~/lib/actor";
import { categoryChanges, type PageTag } from "~/lib/web/page-tags";
import { deleteTranslationsOf } from "~/db/content-translations.server";
import { recordRowBaseline, recordRowDelete, recordRowVersion } from "~/features/history/row-versions.server";
import { CATEGORY_ENTITY } from "./category-entity";

export type CategoryResult = { ok: true; id: string; changed: PageTag[] } | Refusal;

/**
 * Adds or updates a category. A new image is stored first; if the database write then fails it is removed again,
 * and the old image is removed only once the write has succeeded (spec §4).
 */
export async function saveCategory(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: CategoryValues & { id?: string; opened?: OpenedVersion | null },
  maxBytes: number,
): Promise<CategoryResult> {
  const { name, slug } = input;
  const description = input.description || null;

  const existing = input.id
    ? await db.selectFrom("product_categories").selectAll().where("id", "=", input.id).executeTakeFirst()
    : undefined;
  if (input.id && !existing)
    return { ok: false, title: "Category not found", message: "The category no longer exists." };
  // Refused before the picture is stored; the conditioned update below closes the race (ADR 0049).
  const opened = existing ? input.opened : null;
  if (existing && opened && existing.updated_at !== opened.updatedAt)
    return staleRowRefusal(db, CATEGORY_ENTITY, existing.id, opened);
  const clash = await db.selectFrom("product_categories").select("id").where("slug", "=", slug).executeTakeFirst();
  if (clash && clash.id !== input.id)
    return {
      ok: false,
      title: "Slug already used",
      message: `Another category already uses the slug "${slug}".`,
      field: "slug",
    };

  let uploaded: { path: string; publicUrl: string } | null = null;
  if (input.image) {
    try {
      uploaded = await storeUploadedImage(storage, input.image, {
        folder: `public/categories/${folderSegment(slug)}`,
        prefix: "category",
        maxBytes,
      });
    } catch (error) {
      if (error instanceof UploadError)
        return { ok: false, title: "Image upload failed", message: error.message, field: "image" };
      throw error;
    }
  }
  const imageUrl = uploaded ? uploaded.publicUrl : input.image_remove ? null : (existing?.image_url ?? null);
  const now = nowIso();
  const id = input.id ?? newId();
  try {
    if (existing) {
      await db.transaction().execute(async (trx) => {
        await recordRowBaseline(trx, CATEGORY_ENTITY, id);
        const updated = await trx
          .updateTable("product_categories")
          .set({ name, slug, description, image_url: imageUrl, status: input.status, updated_at: now })
          .where("id", "=", id)
          .$if(!!opened, (q) => q.where("updated_at", "=", opened!.updatedAt))
          .executeTakeFirst();
        expectUnchanged(updated);
        // The old address, and every product address below it, answers 301 to the new one.
        await recordMove(trx, actor, categoryPath(existing.slug), categoryPath(slug));
        await recordRowVersion(trx, actor, CATEGORY_ENTITY, id, "update");
      });
    } else {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("product_categories")
          .values({
            id,
            name,
            slug,
            description,
            image_url: imageUrl,
            status: input.status,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await recordRowVersion(trx, actor, CATEGORY_ENTITY, id, "create");
      });
    }
  } catch (error) {
    if (uploaded) await discardImages(storage, [uploaded.path]);
    if (error instanceof StaleEdit) return staleRowRefusal(db, CATEGORY_ENTITY, id, opened!);
    throw error;
  }
  if (existing?.image_url !== imageUrl) await removeStoredImageIfUnused(db, storage, existing?.image_url);
  return { ok: true, id, changed: categoryChanges(id) };
}

export type DeleteCategoryResult = { ok: true; changed: PageTag[] } | Refusal;

/** Refuses while any product uses the category (the database refuses too), then removes it and its image. */
export async function deleteCategory(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
): Promise<DeleteCategoryResult> {
  const category = await db
    .selectFrom("product_categories")
    .select(["id", "image_url"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!category) return { ok: false, title: "Category not found", message: "The category no longer exists." };
  const inUse = await db.selectFrom("products").select("id").where("category_id", "=", id).limit(1).executeTakeFirst();
  if (inUse)
    return { ok: false, title: "Cannot Delete Category", message: "Please delete or reassign these products first." };
  try {
    await db.transaction().execute(async (trx) => {
      await recordRowDelete(trx, actor, CATEGORY_ENTITY, id);
      await trx.deleteFrom("product_categories").where("id", "=", id).execute();
      await deleteTranslationsOf(trx, "category", id);
    });
  } catch {
    // A product added between the check and the delete: the foreign key keeps the category.
    return { ok: false, title: "Cannot Delete Category", message: "Please delete or reassign these products first." };
  }
  await removeStoredImageIfUnused(db, storage, category.image_url);
  return { ok: true, changed: categoryChanges(id) };
}

export async function listCategoriesForAdmin(db: Db, { q, page }: ListQuery) {
  let query = db.selectFrom("product_categories");
  if (q) query = query.where((eb) => eb.or([containsText("name", q), containsText("slug", q)]));
  const [rows, total] = await Promise.all([
    query
      .select(["id", "name", "slug", "description", "image_url", "status"])
      .orderBy("name", "asc")
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The category the edit form shows, or null when there is none. */
export async function findCategoryForEdit(db: Db, id: string) {
  const row = await db
    .selectFrom("product_categories")
    .select(["id", "name", "slug", "description", "image_url", "status", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}
