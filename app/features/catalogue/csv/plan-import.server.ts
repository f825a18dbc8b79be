import type { Db } from "~/db/database.server";
import { CSV_COLUMNS, SPEC_CSV_COLUMNS, type CsvRow } from "./columns";
import type { ImportOptions, ImportPlan } from "./import-plan";
import { typedKey } from "~/lib/slug";
import { planRow, type PlanContext } from "./plan-row.server";

/**
 * Decides, row by row, what an import would do: add, update (same category and slug as a product that exists) or
 * skip, with the reason, and what in the rows it imports cannot be kept as written. Nothing is written.
 */
export async function planImport(
  db: Db,
  rows: CsvRow[],
  lines?: number[],
  options: ImportOptions = { draftsWithoutPicture: false },
): Promise<ImportPlan> {
  const context = await loadPlanContext(db, options);
  const header = Object.keys(rows[0] ?? {});
  const plan: ImportPlan = {
    add: [],
    update: [],
    live: 0,
    skipped: [],
    warnings: [],
    notes: [],
    missingColumns: SPEC_CSV_COLUMNS.filter((c) => !header.includes(c)),
    // Columns without a name are the empty ones spreadsheets leave at the right; not worth a word.
    unknownColumns: header.filter((h) => h && !(CSV_COLUMNS as readonly string[]).includes(h)),
  };
  // `lines` are the spreadsheet's own line numbers (blank rows counted); without them, rows follow the header.
  rows.forEach((row, index) => planRow(row, lines?.[index] ?? index + 2, context, plan));
  return plan;
}

/** At most 30 categories named in a refused row's reason, then how many more. */
const listed = (names: string[]) =>
  names.length === 0
    ? "none yet"
    : names.length > 30
      ? `${names.slice(0, 30).join(", ")} and ${names.length - 30} more`
      : names.join(", ");

/** The categories and products a file's rows are matched against, read once per plan. */
async function loadPlanContext(db: Db, options: ImportOptions): Promise<PlanContext> {
  const [categories, existing] = await Promise.all([
    db.selectFrom("product_categories").select(["id", "slug", "name"]).orderBy("name").execute(),
    db.selectFrom("products").select(["id", "slug", "category_id", "name", "trade_terms", "status"]).execute(),
  ]);
  const categoryByKey = new Map<string, (typeof categories)[number]>();
  for (const key of ["slug", "name"] as const)
    for (const category of categories) {
      const found = typedKey(category[key]);
      if (found && !categoryByKey.has(found)) categoryByKey.set(found, category);
    }
  return {
    categoryByKey,
    categoryList: listed(categories.map((c) => `${c.name} (${c.slug})`)),
    existingByKey: new Map(existing.map((p) => [`${p.category_id}/${p.slug}`, p])),
    seen: new Map(),
    options,
  };
}
