import Papa from "papaparse";
import type { Db } from "~/db/database.server";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { neutraliseFormula, unescapeFormula } from "~/lib/csv";
import { slugify } from "~/lib/slug";
import { newId, nowIso } from "~/lib/time";
import { parseImageList } from "./product-text";

/** Spec §9: the export's columns, in order; the import reads the same names. */
export const CSV_COLUMNS = ["name", "slug", "category_slug", "description", "specifications", "export_info", "is_featured", "image_url", "gallery_images"] as const;
type CsvRow = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;

export const exportFileName = (date = new Date()) => `products-export-${date.toISOString().slice(0, 10)}.csv`;

/**
 * The whole catalogue as RFC 4180 CSV. Cells that a spreadsheet would run as a formula (starting with = + - @,
 * tab or CR) get a leading apostrophe, which the import takes off again.
 */
export async function exportProductsCsv(db: Db): Promise<string> {
  const rows = await db
    .selectFrom("products")
    .innerJoin("product_categories as c", "c.id", "products.category_id")
    .select(["products.name", "products.slug", "c.slug as category_slug", "products.description", "products.specifications", "products.export_info", "products.is_featured", "products.image_url", "products.gallery_images"])
    .orderBy("c.slug")
    .orderBy("products.name")
    .orderBy("products.slug")
    .execute();
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: rows.map((r) =>
        [r.name, r.slug, r.category_slug, r.description ?? "", r.specifications, r.export_info ?? "", r.is_featured ? "true" : "false", r.image_url ?? "", r.gallery_images].map(neutraliseFormula),
      ),
    },
    { newline: "\r\n" },
  );
}

export interface ImportPlan {
  add: PlannedProduct[];
  update: PlannedProduct[];
  skipped: Array<{ line: number; name: string; reason: string }>;
}

interface PlannedProduct {
  line: number;
  id: string;
  values: {
    name: string;
    slug: string;
    category_id: string;
    description: string | null;
    specifications: string;
    export_info: string | null;
    is_featured: 0 | 1;
    image_url: string | null;
    gallery_images: string;
  };
}

export type ParseResult = { ok: true; rows: CsvRow[] } | { ok: false; message: string };

export const MAX_IMPORT_ROWS = 50_000;

/** Parses CSV text with a header row; any parse error aborts (spec §5). */
export function parseProductsCsv(text: string): ParseResult {
  const result = Papa.parse<CsvRow>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim().toLowerCase() });
  if (result.errors.length) {
    const first = result.errors[0];
    const where = first.row !== undefined ? ` (line ${first.row + 2})` : "";
    return { ok: false, message: `The file could not be read${where}: ${first.message}.` };
  }
  const fields = result.meta.fields ?? [];
  if (!fields.includes("name") || !fields.includes("category_slug")) return { ok: false, message: "The file needs a header row with at least the columns name and category_slug." };
  if (result.data.length > MAX_IMPORT_ROWS) return { ok: false, message: `The file has more than ${MAX_IMPORT_ROWS} rows.` };
  return { ok: true, rows: result.data };
}

function parseSpecs(value: string | undefined): string {
  try {
    const parsed = JSON.parse(value ?? "");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      // Only text and booleans are specification values (spec §3).
      return JSON.stringify(Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string" || typeof v === "boolean")));
    }
  } catch {
    // Spec §5: invalid specifications are treated as empty.
  }
  return "{}";
}

/**
 * Decides, row by row, what an import would do: add, update (same category and slug as a product that exists) or
 * skip, with the reason. Nothing is written.
 */
export async function planImport(db: Db, rows: CsvRow[]): Promise<ImportPlan> {
  const [categories, existing] = await Promise.all([
    db.selectFrom("product_categories").select(["id", "slug"]).execute(),
    db.selectFrom("products").select(["id", "slug", "category_id"]).execute(),
  ]);
  const categoryBySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const existingByKey = new Map(existing.map((p) => [`${p.category_id}/${p.slug}`, p.id]));
  const seen = new Map<string, number>();
  const plan: ImportPlan = { add: [], update: [], skipped: [] };

  rows.forEach((raw, index) => {
    const line = index + 2;
    const cell = (key: (typeof CSV_COLUMNS)[number]) => unescapeFormula(String(raw[key] ?? "")).trim();
    const name = cell("name").slice(0, 200);
    if (!name) return plan.skipped.push({ line, name: "", reason: "No name." });
    const slug = slugify(cell("slug") || name).slice(0, 200);
    if (!slug) return plan.skipped.push({ line, name, reason: "No usable slug." });
    const categorySlug = cell("category_slug");
    const categoryId = categoryBySlug.get(categorySlug);
    if (!categoryId) return plan.skipped.push({ line, name, reason: categorySlug ? `No category with the slug "${categorySlug}".` : "No category_slug." });
    const key = `${categoryId}/${slug}`;
    if (seen.has(key)) return plan.skipped.push({ line, name, reason: `Same category and slug as line ${seen.get(key)}.` });
    seen.set(key, line);
    const gallery = parseImageList(cell("gallery_images")).filter((url) => safeImageSrc(url) === url);
    const image = cell("image_url");
    const values = {
      name,
      slug,
      category_id: categoryId,
      description: cell("description").slice(0, 10_000) || null,
      specifications: parseSpecs(cell("specifications")),
      export_info: cell("export_info").slice(0, 5_000) || null,
      is_featured: cell("is_featured").toLowerCase() === "true" ? (1 as const) : (0 as const),
      image_url: image && safeImageSrc(image) === image ? image : null,
      gallery_images: JSON.stringify(gallery),
    };
    const existingId = existingByKey.get(key);
    if (existingId) plan.update.push({ line, id: existingId, values });
    else plan.add.push({ line, id: newId(), values });
  });
  return plan;
}

/** Writes a plan in one transaction: every row or none. Returns how many products were imported. */
export async function applyImport(db: Db, plan: ImportPlan): Promise<number> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    // Batches stay under SQLite's limit on bound values per statement.
    for (let i = 0; i < plan.add.length; i += 500) {
      await trx
        .insertInto("products")
        .values(plan.add.slice(i, i + 500).map((p) => ({ id: p.id, ...p.values, created_at: now, updated_at: now })))
        .execute();
    }
    for (const product of plan.update) {
      await trx.updateTable("products").set({ ...product.values, updated_at: now }).where("id", "=", product.id).execute();
    }
  });
  return plan.add.length + plan.update.length;
}
