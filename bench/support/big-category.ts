// A category with many products, written straight into the database in a few multi-row inserts: for the benchmarks
// and for tests that need a long list (a 50,000-row CSV import puts 10,000 products in one category).
import type { Db } from "../../app/db/database.server";
import { newId, nowIso } from "../../app/lib/time";
import { insertProducts } from "../../tests/support/test-db";

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
    const products = Array.from({ length: count }, (_, i) => {
      const number = String(i + 1).padStart(5, "0");
      return {
        name: `${name} ${number}`,
        slug: `${slug}-${number}`,
        category_id: categoryId,
        description:
          `Lot ${number} of ${name}: field-cured, hand-graded and sorted by size before packing. ` +
          "Packed in 5, 10, 20 or 25 kg mesh bags or cartons, palletised on request; 28 MT per 40 ft reefer. " +
          "Phytosanitary certificate and certificate of origin with every shipment.",
        image_url: imageUrl,
        specifications: JSON.stringify({ Size: "45-55 mm", Colour: "Deep red", "Shelf Life": "60 days" }),
        export_info: "Mesh bags of 5, 10, 20 and 25 kg.",
        created_at: now,
        updated_at: now,
      };
    });
    await insertProducts(trx, products);
  });
  return { id: categoryId, slug, name };
}
