import Papa from "papaparse";
import type { Db } from "~/db/database.server";
import { neutraliseFormula } from "~/lib/csv";
import { isPublic } from "~/features/publishing/visibility";
import { CSV_COLUMNS } from "./columns";
import { tradeTermCells } from "./trade-term-cells.server";

export const exportFileName = (date = new Date()) => `products-export-${date.toISOString().slice(0, 10)}.csv`;

/**
 * The whole catalogue as RFC 4180 CSV. Cells that a spreadsheet would run as a formula (starting with = + - @,
 * tab or CR) get a leading apostrophe, which the import takes off again.
 */
export async function exportProductsCsv(db: Db): Promise<string> {
  const rows = await db
    .selectFrom("products")
    .innerJoin("product_categories as c", "c.id", "products.category_id")
    .select([
      "products.name",
      "products.slug",
      "c.slug as category_slug",
      "products.description",
      "products.specifications",
      "products.export_info",
      "products.is_featured",
      "products.image_url",
      "products.gallery_images",
      "products.trade_terms",
      "products.status",
    ])
    .orderBy("c.slug")
    .orderBy("products.name")
    .orderBy("products.slug")
    .execute();
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: rows.map((r) =>
        [
          r.name,
          r.slug,
          r.category_slug,
          r.description ?? "",
          r.specifications,
          r.export_info ?? "",
          r.is_featured ? "true" : "false",
          r.image_url ?? "",
          r.gallery_images,
          isPublic(r) ? "Published" : "Draft",
          ...tradeTermCells(r.trade_terms),
        ].map(neutraliseFormula),
      ),
    },
    { newline: "\r\n" },
  );
}
