import type { Db } from "~/db/database.server";
import { translationsSnapshot } from "~/db/content-translations.server";
import { parseImageList, parseSpecifications } from "./product-text";
import { parseTradeTerms } from "./trade-terms/storage.server";
import type { ProductSnapshot } from "./product-snapshot";

/** The product as it is stored now, as one version keeps it; null when it does not exist. */
export async function productSnapshot(db: Db, id: string): Promise<ProductSnapshot | null> {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    slug: row.slug,
    category_id: row.category_id,
    description: row.description,
    export_info: row.export_info,
    is_featured: Number(row.is_featured) === 1,
    status: row.status,
    publish_at: row.publish_at,
    image_url: row.image_url,
    gallery: parseImageList(row.gallery_images),
    // A malformed cell reads as no specifications, as the product page reads it.
    specifications: Object.fromEntries(parseSpecifications(row.specifications)),
    trade_terms: parseTradeTerms(row.trade_terms),
    translations: await translationsSnapshot(db, "product", id),
  };
}
