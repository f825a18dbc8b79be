import Papa from "papaparse";
import type { Db } from "~/db/database.server";
import { neutraliseFormula } from "~/lib/csv";
import { isPublic } from "~/features/publishing/visibility";
import { CSV_COLUMNS } from "./columns";
import { tradeTermCells } from "./trade-term-cells.server";

export const exportFileName = (date = new Date()) => `products-export-${date.toISOString().slice(0, 10)}.csv`;

/** Products read from the database at a time while the export is written. */
const EXPORT_ROWS_PER_QUERY = 1_000;

/**
 * The whole catalogue as RFC 4180 CSV, in pieces, by category slug then product name then slug. Cells that a
 * spreadsheet would run as a formula (starting with = + - @, tab or CR) get a leading apostrophe, which the import
 * takes off again. A few hundred rows are held at a time, never the catalogue (issue 42: 100,000 products held whole
 * took 440 MB): each category's products are read after the last one written, walking `products_category_name_idx`.
 */
export async function* productsCsvPieces(db: Db, rowsPerQuery = EXPORT_ROWS_PER_QUERY): AsyncGenerator<string> {
  yield Papa.unparse([[...CSV_COLUMNS]], { newline: "\r\n" });
  const categories = await db.selectFrom("product_categories").select(["id", "slug"]).orderBy("slug").execute();
  for (const category of categories) {
    let after: { name: string; slug: string } | undefined;
    for (;;) {
      const rows = await db
        .selectFrom("products")
        .select([
          "name",
          "slug",
          "description",
          "specifications",
          "export_info",
          "is_featured",
          "image_url",
          "gallery_images",
          "trade_terms",
          "status",
        ])
        .where("category_id", "=", category.id)
        // (name, slug) after the last row written; `name >=` alone is the index's range.
        .$if(after !== undefined, (q) =>
          q
            .where("name", ">=", after!.name)
            .where((eb) => eb.or([eb("name", ">", after!.name), eb("slug", ">", after!.slug)])),
        )
        .orderBy("name")
        .orderBy("slug")
        .limit(rowsPerQuery)
        .execute();
      if (rows.length) {
        const data = rows.map((r) =>
          [
            r.name,
            r.slug,
            category.slug,
            r.description ?? "",
            r.specifications,
            r.export_info ?? "",
            r.is_featured ? "true" : "false",
            r.image_url ?? "",
            r.gallery_images,
            isPublic(r) ? "Published" : "Draft",
            ...tradeTermCells(r.trade_terms),
          ].map(neutraliseFormula),
        );
        yield "\r\n" + Papa.unparse(data, { newline: "\r\n" });
      }
      if (rows.length < rowsPerQuery) break;
      after = rows[rows.length - 1];
    }
  }
}

/** The whole export as one string (the tests' and `bench:csv`'s reading; the download streams `productsCsvPieces`). */
export async function exportProductsCsv(db: Db, rowsPerQuery?: number): Promise<string> {
  let csv = "";
  for await (const piece of productsCsvPieces(db, rowsPerQuery)) csv += piece;
  return csv;
}

/** The download's body: a byte-order mark (so Excel reads UTF-8), then the pieces as they are made. */
export function productsCsvStream(db: Db): ReadableStream<Uint8Array> {
  const pieces = productsCsvPieces(db);
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode("\uFEFF"));
        return;
      }
      const { value, done } = await pieces.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
