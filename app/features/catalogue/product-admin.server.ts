import { type Expression, sql } from "kysely";
import type { Db } from "~/db/database.server";
import { PAGE_SIZE } from "~/lib/web/list-query";
import { removeStoredImageIfUnused } from "~/features/images/images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { discardImages, folderSegment, storeUploadedImage, UploadError } from "~/features/images/upload.server";
import { recordMove } from "~/features/redirects/redirects.server";
import { productPath } from "~/lib/web/public-paths";
import { moveProductTranslations, translatedSlugsOf } from "~/db/content-translations.server";
import { isShippedLanguage, localePath } from "~/lib/i18n/languages";
import type { Refusal } from "~/lib/forms/submission";
import { newId, nowIso } from "~/lib/time";
import { PRODUCT_REQUIRED, type ProductValues } from "./catalogue.schema";
import { parseImageList, parseSpecifications, type SpecValue } from "./product-text";
import { galleryInOrder } from "./gallery-order";
import { normalizeTradeTerms } from "./trade-terms/schema";
import { parseTradeTerms, serializeTradeTerms } from "./trade-terms/storage.server";
import { log } from "~/lib/log.server";
import type { Actor } from "~/lib/actor";
import { productChanges, type PageTag } from "~/lib/web/page-tags";
import { deleteTranslationsOf } from "~/db/content-translations.server";
import { expectUnchanged, StaleEdit, staleEditRefusal } from "~/features/history/edit-version.server";
import type { OpenedVersion } from "~/lib/forms/edit-version";
import { BASELINE_SUMMARY, latestSnapshot, recordActivity, recordVersion } from "~/features/history/record.server";
import { productSnapshot } from "./product-snapshot.server";
import { describeProduct, type ProductSnapshot } from "./product-snapshot";

/**
 * A page of the back office's product list, newest first, and how many products match. The page's 25 ids are found
 * in `products` alone, walking `products_created_at_id_idx`, and only those rows are joined to their category: an
 * OFFSET over the join read every skipped product whole (issue 42). Every product has a category (a foreign key, not
 * null), so the join drops none and the count needs none. A search names its products (`named`: the site search's
 * `productsNamed`, words of the name or address in any language from their start), and only those are sorted.
 */
export async function listProductsForAdmin(
  db: Db,
  { page, named }: { page: number; named: Expression<string> | null },
) {
  const q = named !== null;
  let matching = db.selectFrom("products");
  if (named) matching = matching.where("products.id", "in", named);
  // A search's few matches are sorted: ordered by an expression, SQLite fetches them by id and sorts them, where
  // walking the date index would read every product in the index's order.
  const newest = q ? sql<string>`${sql.ref("products.created_at")} || ''` : sql.ref("products.created_at");
  const [rows, total] = await Promise.all([
    db
      .selectFrom("products")
      .innerJoin("product_categories as c", "c.id", "products.category_id")
      .select([
        "products.id",
        "products.name",
        "products.slug",
        "products.image_url",
        "products.is_featured",
        "products.status",
        "products.publish_at",
        "c.status as category_status",
        "c.name as category_name",
        "c.slug as category_slug",
      ])
      .where(
        "products.id",
        "in",
        matching
          .select("products.id")
          .orderBy(newest, "desc")
          .orderBy("products.id")
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
      )
      .orderBy("products.created_at", "desc")
      .orderBy("products.id")
      .execute(),
    matching.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function listCategoryOptions(db: Db) {
  return db.selectFrom("product_categories").select(["id", "name", "slug", "status"]).orderBy("name").execute();
}

export async function findProductForEdit(db: Db, id: string) {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    gallery: parseImageList(row.gallery_images),
    specs: parseSpecifications(row.specifications),
    terms: parseTradeTerms(row.trade_terms),
  };
}

export interface SpecRow {
  key: string;
  type: "text" | "boolean";
  value: string;
}

/** The form's specification inputs (one key, kind and value per row) as rows. */
export function specRowsOf(values: Pick<ProductValues, "spec_key" | "spec_type" | "spec_value">): SpecRow[] {
  return values.spec_key.map((key, i) => ({
    key,
    type: values.spec_type[i] ?? "text",
    value: values.spec_value[i] ?? "",
  }));
}

/** Spec §5: only rows with both a key and a value are kept; Yes/No rows become booleans. Later keys win. */
export function specificationsFromRows(rows: SpecRow[]): Record<string, SpecValue> {
  const specs: Record<string, SpecValue> = {};
  for (const row of rows) {
    const key = row.key.trim();
    const value = row.value.trim();
    if (!key || !value) continue;
    specs[key] = row.type === "boolean" ? value === "yes" || value === "true" : value;
  }
  return specs;
}

export type ProductResult = { ok: true; id: string; warnings: string[]; changed: PageTag[] } | Refusal;

/** The form's values, with the 'Schedule' time resolved to UTC (`resolveSchedule`): null when not scheduled. */
export type ProductInput = Omit<ProductValues, "publish_at"> & {
  id?: string;
  publishAt: string | null;
  /** The version the edit form was opened on (ADR 0049); null: the save is not conditioned. */
  opened?: OpenedVersion | null;
};

/**
 * Adds or updates a product with its main image and gallery, from the values `productForm` checked. New files are
 * stored first and removed again if the database write fails; files the product no longer uses are removed only
 * after the write (spec §4).
 */
export async function saveProduct(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: ProductInput,
  maxBytes: number,
): Promise<ProductResult> {
  const { name, slug, category_id } = input;
  const description = input.description || null;
  const export_info = input.export_info || null;
  const adding = !input.id;
  const errorTitle = adding ? "Error Adding Product" : "Error Updating Product";

  const existing = input.id
    ? await db.selectFrom("products").selectAll().where("id", "=", input.id).executeTakeFirst()
    : undefined;
  if (input.id && !existing) return { ok: false, title: "Product not found", message: "The product no longer exists." };
  // Refused before any picture is stored; the conditioned update below closes the race.
  if (existing && input.opened && existing.updated_at !== input.opened.updatedAt)
    return staleProductRefusal(db, existing.id, input.opened);
  const category = await db
    .selectFrom("product_categories")
    .select(["id", "slug"])
    .where("id", "=", category_id)
    .executeTakeFirst();
  if (!category) return { ok: false, title: "Missing Fields", message: PRODUCT_REQUIRED, field: "category_id" };
  const clash = await db
    .selectFrom("products")
    .select("id")
    .where("category_id", "=", category_id)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (clash && clash.id !== input.id)
    return {
      ok: false,
      title: errorTitle,
      message: `Another product in this category already uses the slug "${slug}".`,
      field: "slug",
    };

  const folder = `public/products/${folderSegment(slug)}`;
  const uploaded: string[] = [];
  const warnings: string[] = [];
  let mainUrl = input.image_remove ? null : (existing?.image_url ?? null);
  try {
    if (input.image) {
      try {
        const stored = await storeUploadedImage(storage, input.image, { folder, prefix: "product", maxBytes });
        uploaded.push(stored.path);
        mainUrl = stored.publicUrl;
      } catch (error) {
        if (error instanceof UploadError)
          return {
            ok: false,
            title: errorTitle,
            message: `Main image upload failed: ${error.message}`,
            field: "image",
          };
        throw error;
      }
    }
    // The saved pictures in the order chosen on the page (issue 29), less those marked for removal; new ones last.
    const removeSet = new Set(input.gallery_remove);
    const gallery = galleryInOrder(parseImageList(existing?.gallery_images), input.gallery_order).filter(
      (url) => !removeSet.has(url),
    );
    for (const file of input.gallery_new) {
      try {
        const stored = await storeUploadedImage(storage, file, {
          folder: `${folder}/gallery`,
          prefix: "gallery",
          maxBytes,
        });
        uploaded.push(stored.path);
        gallery.push(stored.publicUrl);
      } catch (error) {
        // Spec §8: one failed gallery upload is skipped, not fatal; the administrator is told which.
        if (!(error instanceof UploadError)) throw error;
        log.warn(`[products] gallery image "${file.name}" skipped: ${error.message}`);
        warnings.push(`Image upload failed: ${file.name.slice(0, 80)}: ${error.message}`);
      }
    }

    const values = {
      name,
      slug,
      category_id,
      description,
      export_info,
      is_featured: input.is_featured ? (1 as const) : (0 as const),
      status: input.status,
      publish_at: input.status === "draft" ? input.publishAt : null,
      image_url: mainUrl,
      gallery_images: JSON.stringify(gallery),
      specifications: JSON.stringify(specificationsFromRows(specRowsOf(input))),
      trade_terms: serializeTradeTerms(normalizeTradeTerms(input)),
      updated_at: nowIso(),
    };
    const id = input.id ?? newId();
    if (existing) {
      try {
        await db.transaction().execute(async (trx) => {
          // The category's slug as it is now: the product's old address is under it (an older one redirects there).
          const before = await trx
            .selectFrom("product_categories")
            .select("slug")
            .where("id", "=", existing.category_id)
            .executeTakeFirstOrThrow();
          // Each language's address as it is now (translated slugs, else English ones), to redirect from below.
          const categories = [existing.category_id, category_id];
          const [categorySlugs, productSlugs] = await Promise.all([
            translatedSlugsOf(trx, "category", categories),
            translatedSlugsOf(trx, "product", [id]),
          ]);
          // A product saved before versions were kept: its state before this save becomes version 1.
          if (!(await latestSnapshot(trx, "product", id)))
            await recordProductVersion(trx, null, id, "update", { summary: BASELINE_SUMMARY });
          const opened = input.opened;
          const updated = await trx
            .updateTable("products")
            .set(values)
            .where("id", "=", id)
            .$if(!!opened, (q) => q.where("updated_at", "=", opened!.updatedAt))
            .executeTakeFirst();
          expectUnchanged(updated);
          // A new slug and a new category both change the address; the old one answers 301 to the new one.
          await recordMove(trx, actor, productPath(before.slug, existing.slug), productPath(category.slug, slug));
          if (existing.category_id !== category_id) {
            await moveProductTranslations(trx, id, category_id);
            // In every language with a slug of its own, the old address answers 301 to the new one too.
            const after = await translatedSlugsOf(trx, "product", [id]);
            for (const lang of new Set([...categorySlugs.keys(), ...productSlugs.keys()])) {
              if (!isShippedLanguage(lang)) continue;
              const from = productPath(
                categorySlugs.get(lang)?.get(existing.category_id) ?? before.slug,
                productSlugs.get(lang)?.get(id) ?? existing.slug,
              );
              const to = productPath(
                categorySlugs.get(lang)?.get(category_id) ?? category.slug,
                after.get(lang)?.get(id) ?? slug,
              );
              await recordMove(trx, actor, localePath(lang, from), localePath(lang, to));
            }
          }
          await recordProductVersion(trx, actor, id, "update");
        });
      } catch (error) {
        if (!(error instanceof StaleEdit)) throw error;
        await discardImages(storage, uploaded);
        return staleProductRefusal(db, id, input.opened!);
      }
    } else {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("products")
          .values({ id, ...values, created_at: values.updated_at })
          .execute();
        await recordProductVersion(trx, actor, id, "create");
      });
    }

    // Files the product used before and uses no more.
    const stillUsed = new Set([values.image_url, ...gallery]);
    const dropped = [existing?.image_url, ...parseImageList(existing?.gallery_images)].filter(
      (url): url is string => !!url && !stillUsed.has(url),
    );
    for (const url of new Set(dropped)) await removeStoredImageIfUnused(db, storage, url);
    const changed = productChanges(id, category_id, ...(existing ? [existing.category_id] : []));
    return { ok: true, id, warnings, changed };
  } catch (error) {
    await discardImages(storage, uploaded);
    throw error;
  }
}

async function staleProductRefusal(db: Db, id: string, opened: OpenedVersion): Promise<Refusal> {
  const now = await db.selectFrom("products").select("updated_at").where("id", "=", id).executeTakeFirst();
  const names = await categoryNames(db);
  return staleEditRefusal(db, {
    entity: "product",
    entityId: id,
    opened,
    updatedAt: now?.updated_at ?? null,
    what: "product",
    describe: (s) => describeProduct(s as unknown as ProductSnapshot, (c) => names.get(c) ?? c),
  });
}

/** Removes a product and the pictures no other record uses. */
export async function deleteProduct(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
): Promise<{ ok: true; changed: PageTag[] } | Refusal> {
  const product = await db
    .selectFrom("products")
    .select(["image_url", "gallery_images", "category_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!product) return { ok: false, title: "Error Deleting Product", message: "The product no longer exists." };
  await db.transaction().execute(async (trx) => {
    const last = await productSnapshot(trx, id);
    await trx.deleteFrom("products").where("id", "=", id).execute();
    await deleteTranslationsOf(trx, "product", id);
    await recordActivity(trx, actor, {
      action: "delete",
      entity: "product",
      entityId: id,
      label: last?.name,
      summary: `Deleted product "${last?.name ?? id}"`,
      details: { snapshot: last },
    });
  });
  for (const url of new Set([product.image_url, ...parseImageList(product.gallery_images)]))
    await removeStoredImageIfUnused(db, storage, url);
  return { ok: true, changed: productChanges(id, product.category_id) };
}

/**
 * Records the product as it now is as a new version (issue 27), in the transaction of the save: a save that
 * changed nothing records nothing. `changeSet` ties the versions of one CSV import together.
 */
export async function recordProductVersion(
  trx: Db,
  actor: Actor | null,
  id: string,
  action: "create" | "update" | "restore" | "import" | "revert" | "publish",
  options: { changeSet?: string; summary?: string; at?: string; categoryNames?: Map<string, string> } = {},
) {
  const snapshot = await productSnapshot(trx, id);
  if (!snapshot) return null;
  // A caller recording many products (an import) reads the names once and passes them.
  const { categoryNames: known, ...rest } = options;
  const names = known ?? (await categoryNames(trx));
  return recordVersion(trx, actor, {
    entity: "product",
    entityId: id,
    label: snapshot.name,
    snapshot: snapshot as unknown as Record<string, unknown>,
    describe: (s) => describeProduct(s as unknown as ProductSnapshot, (c) => names.get(c) ?? c),
    action,
    ...rest,
  });
}

/** Every category's name by its id (the History panel and the activity summaries name categories). */
export async function categoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom("product_categories").select(["id", "name"]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
