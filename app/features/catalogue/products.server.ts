import type { Selectable } from "kysely";
import type { Db } from "~/db/database.server";
import type { ProductsTable } from "~/db/schema";
import { safeImageSrc } from "~/lib/web/safe-url";
import { formatSpecValue, parseImageList, parseSpecifications, shortDescription } from "./product-text";
import type { Wording } from "~/features/i18n/wording";
import { minimumOrderText } from "./trade-terms/display";
import { parseTradeTerms } from "./trade-terms/storage.server";
import { publicProduct } from "~/features/publishing/visibility.server";
import { productIsPublic } from "~/features/publishing/visibility";

/** Product cards on one page of a category. */
export const PRODUCTS_PER_PAGE = 24;

/** A product as its card shows it (a category page, the search): name, picture, summary and minimum order. */
export function productCard(
  row: Pick<Selectable<ProductsTable>, "id" | "name" | "slug" | "description" | "image_url" | "trade_terms">,
  wording?: Wording,
) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    imageUrl: safeImageSrc(row.image_url),
    summary: shortDescription(row.description, row.name),
    minimumOrder: minimumOrderText(parseTradeTerms(row.trade_terms), wording),
  };
}

/**
 * A product page's product and its category, found by their slugs in one query (ADR 0028); null when either is
 * missing.
 */
export async function findProductInCategory(db: Db, categorySlug: string, productSlug: string, drafts = false) {
  return findProduct(db, { slug: categorySlug }, { slug: productSlug }, drafts);
}

/** An id or an English slug: a page under a language prefix may have found the thing by its translated slug. */
export type SlugOrId = { id: string } | { slug: string };

/**
 * A live product and its category by id or English slug each, in one query (ADR 0028); null when either is missing
 * or a draft (ADR 0033), unless `drafts` (a signed preview link).
 */
export async function findProduct(db: Db, category: SlugOrId, product: SlugOrId, drafts = false) {
  const row = await db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .selectAll("products")
    .select([
      "product_categories.name as category_name",
      "product_categories.slug as category_slug",
      "product_categories.status as category_status",
    ])
    .where((eb) =>
      "id" in category
        ? eb("product_categories.id", "=", category.id)
        : eb("product_categories.slug", "=", category.slug),
    )
    .where((eb) => ("id" in product ? eb("products.id", "=", product.id) : eb("products.slug", "=", product.slug)))
    .$if(!drafts, (q) => q.where(publicProduct))
    .executeTakeFirst();
  if (!row) return null;
  return {
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    product: productDetail(row),
    /** Published, in a published category: what the public may see without a preview link. */
    live: productIsPublic(row),
  };
}

function productDetail(product: Selectable<ProductsTable>) {
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
    // `stored`: a Yes/No is said in each language by the interface catalogue, not translated as content.
    specifications: parseSpecifications(product.specifications).map(([key, value]) => ({
      key,
      value: formatSpecValue(value),
      stored: value,
    })),
    summary: shortDescription(product.description, product.name),
    tradeTerms: parseTradeTerms(product.trade_terms),
    updatedAt: product.updated_at,
  };
}

/** Every live product with its category's slug, for the sitemap (the first `limit`, for a start's warm-up). */
export async function listProductPaths(db: Db, limit?: number) {
  const query = db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .select(["products.slug", "product_categories.slug as category_slug", "products.updated_at"])
    .where(publicProduct)
    .orderBy("product_categories.slug")
    .orderBy("products.slug");
  return (limit === undefined ? query : query.limit(limit)).execute();
}
