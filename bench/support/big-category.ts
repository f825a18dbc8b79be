// A category with many products, written straight into the database in a few multi-row inserts: for the benchmarks
// and for tests that need a long list (a 50,000-row CSV import puts 10,000 products in one category).
import type { Db } from "../../app/db/database.server";
import { newId, nowIso } from "../../app/lib/time";

// 12 columns a row: 500 rows stay far below both engines' limit on bound parameters (32,766 and 65,535).
const ROWS_PER_INSERT = 500;

export interface BigCategoryOptions {
  slug: string;
  name: string;
  count: number;
  /** Every product's main image, as a CSV import would store it; none by default. */
  imageUrl?: string | null;
}

/**
 * Adds a category and `count` products in it, in one transaction. Product n (from 1) is named "{name} 00001" with
 * slug "{slug}-00001", so name order is number order; descriptions are a few sentences, like real ones.
 */
export async function addBigCategory(db: Db, { slug, name, count, imageUrl = null }: BigCategoryOptions) {
  const categoryId = newId();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("product_categories")
      .values({ id: categoryId, name, slug, description: null, image_url: null, created_at: now, updated_at: now })
      .execute();
    for (let start = 0; start < count; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, count - start) }, (_, i) => {
        const number = String(start + i + 1).padStart(5, "0");
        return {
          id: newId(),
          name: `${name} ${number}`,
          slug: `${slug}-${number}`,
          category_id: categoryId,
          description:
            `Lot ${number} of ${name}: field-cured, hand-graded and sorted by size before packing. ` +
            "Packed in 5, 10, 20 or 25 kg mesh bags or cartons, palletised on request; 28 MT per 40 ft reefer. " +
            "Phytosanitary certificate and certificate of origin with every shipment.",
          image_url: imageUrl,
          gallery_images: "[]",
          specifications: JSON.stringify({ Size: "45-55 mm", Colour: "Deep red", "Shelf Life": "60 days" }),
          export_info: "Mesh bags of 5, 10, 20 and 25 kg.",
          is_featured: 0 as const,
          created_at: now,
          updated_at: now,
        };
      });
      await trx.insertInto("products").values(rows).execute();
    }
  });
  return { id: categoryId, slug, name };
}
