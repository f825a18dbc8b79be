import { isPostgres, type Db } from "~/db/database.server";
import { moveProductTranslations } from "~/db/content-translations.server";
import { categoryNames } from "~/features/catalogue/product-admin.server";
import { productChanges } from "~/lib/web/page-tags";
import { describeProduct, productFieldParts, type ProductSnapshot } from "~/features/catalogue/product-snapshot";
import { serializeTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { recordMove } from "~/features/redirects/redirects.server";
import { productPath } from "~/lib/web/public-paths";
import type { Actor } from "~/lib/actor";
import { nowIso } from "~/lib/time";
import { productSnapshot } from "~/features/catalogue/product-snapshot.server";
import type { Snapshot } from "~/features/history/record.server";
import type { VersionKind } from "./version-kind";
import { restoreTranslations } from "./translations-restore.server";

/** Products' versions: the edit page shows them; restore puts back every field but the status (ADR 0031). */
export const productVersions: VersionKind = {
  entity: "product",
  editPath: (id) => `/admin/manage-products/edit/${id}`,
  async current(db, id) {
    const snapshot = await productSnapshot(db, id);
    return snapshot ? { snapshot: snapshot as unknown as Snapshot, label: snapshot.name } : null;
  },
  async describer(db) {
    const names = await categoryNames(db);
    return (snapshot) => describeProduct(snapshot as unknown as ProductSnapshot, (id) => names.get(id) ?? id);
  },
  fieldParts: (_id, label) => productFieldParts(label),
  async lock(db, id) {
    if (isPostgres(db)) await db.selectFrom("products").select("id").where("id", "=", id).forUpdate().execute();
  },
  async addedAt(db, id) {
    const row = await db.selectFrom("products").select("created_at").where("id", "=", id).executeTakeFirst();
    return row?.created_at ?? null;
  },
  async restore(db: Db, actor: Actor, id: string, saved) {
    const snapshot = saved as unknown as ProductSnapshot;
    const current = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) return { ok: false, title: "Product not found", message: "The product no longer exists." };
    const category = await db
      .selectFrom("product_categories")
      .select(["id", "slug"])
      .where("id", "=", snapshot.category_id)
      .executeTakeFirst();
    if (!category)
      return {
        ok: false,
        title: "Cannot Restore Version",
        message: "The category this version was in no longer exists. Choose a category and save instead.",
      };
    const clash = await db
      .selectFrom("products")
      .select("id")
      .where("category_id", "=", snapshot.category_id)
      .where("slug", "=", snapshot.slug)
      .where("id", "!=", id)
      .executeTakeFirst();
    if (clash)
      return {
        ok: false,
        title: "Cannot Restore Version",
        message: `Another product in this category now uses the slug "${snapshot.slug}".`,
      };
    const before = await db
      .selectFrom("product_categories")
      .select("slug")
      .where("id", "=", current.category_id)
      .executeTakeFirst();
    // Status and publishing time stay as they are: a restore never publishes (or unpublishes) anything.
    await db
      .updateTable("products")
      .set({
        name: snapshot.name,
        slug: snapshot.slug,
        category_id: snapshot.category_id,
        description: snapshot.description,
        export_info: snapshot.export_info,
        is_featured: snapshot.is_featured ? 1 : 0,
        image_url: snapshot.image_url,
        gallery_images: JSON.stringify(snapshot.gallery ?? []),
        specifications: JSON.stringify(snapshot.specifications ?? {}),
        trade_terms: serializeTradeTerms(snapshot.trade_terms),
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .execute();
    if (before)
      await recordMove(db, actor, productPath(before.slug, current.slug), productPath(category.slug, snapshot.slug));
    if (current.category_id !== snapshot.category_id) await moveProductTranslations(db, id, snapshot.category_id);
    await restoreTranslations(db, "product", id, snapshot.category_id, snapshot.translations);
    return { ok: true, changed: productChanges(id, snapshot.category_id, current.category_id) };
  },
};
