import type { Db } from "~/db/database.server";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { formatSpecValue, parseImageList, parseSpecifications, shortDescription } from "./product-text";

/** Products of one category, by name (spec §7), as cards. */
export async function listProductCards(db: Db, categoryId: string) {
  const rows = await db
    .selectFrom("products")
    .select(["id", "name", "slug", "description", "image_url", "updated_at"])
    .where("category_id", "=", categoryId)
    .orderBy("name", "asc")
    .execute();
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    imageUrl: safeImageSrc(p.image_url),
    summary: shortDescription(p.description, p.name),
  }));
}

export async function findProductDetail(db: Db, categoryId: string, slug: string) {
  const product = await db
    .selectFrom("products")
    .selectAll()
    .where("category_id", "=", categoryId)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!product) return null;
  const main = safeImageSrc(product.image_url);
  const gallery = parseImageList(product.gallery_images).flatMap((url) => safeImageSrc(url) ?? []);
  // The main image comes first; the gallery adds the rest without repeating it.
  const images = [...new Set([...(main ? [main] : []), ...gallery])];
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    exportInfo: product.export_info,
    isFeatured: product.is_featured === 1,
    images,
    specifications: parseSpecifications(product.specifications).map(([key, value]) => ({
      key,
      value: formatSpecValue(value),
    })),
    summary: shortDescription(product.description, product.name),
    updatedAt: product.updated_at,
  };
}

/** Every product with its category's slug, for the sitemap. */
export async function listProductPaths(db: Db) {
  return db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .select(["products.slug", "product_categories.slug as category_slug", "products.updated_at"])
    .orderBy("product_categories.slug")
    .orderBy("products.slug")
    .execute();
}
