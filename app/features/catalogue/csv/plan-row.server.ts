import { isPublic } from "~/features/publishing/visibility";
import { unescapeFormula } from "~/lib/csv";
import { slugify, typedKey } from "~/lib/slug";
import { newId } from "~/lib/time";
import { parseTradeTerms, serializeTradeTerms } from "../trade-terms/storage.server";
import type { TradeTerms } from "../trade-terms/vocabulary";
import type { Column, CsvRow } from "./columns";
import type { PublishStatus } from "~/db/schema";
import type { ImportOptions, ImportPlan, PlannedUpdate, ProductValues } from "./import-plan";
import { REPLACEMENT } from "./parse";
import { CELL_LIMITS, readFeatured, readLongText, readPictures, readSpecifications, readStatus } from "./product-cells";
import { readTradeTermCells } from "./trade-term-cells.server";

type Category = { id: string; slug: string; name: string };
type Existing = { id: string; name: string; trade_terms: string; status: PublishStatus };

/** The catalogue an import plans against, and the rows planned so far. */
export interface PlanContext {
  /**
   * By `typedKey` of its slug and of its name (issue 41: typed as the lists show them, "Fresh Onions" matched
   * nothing); a slug wins over another category's name.
   */
  categoryByKey: Map<string, Category>;
  /** The categories as a refused row lists them: "Fresh Onions (fresh-onions), Garlic (garlic)". */
  categoryList: string;
  /** By `category id/slug`. */
  existingByKey: Map<string, Existing>;
  /** `category id/slug` → the line that took it: a file names each product once. */
  seen: Map<string, number>;
  options: ImportOptions;
}

type Cells = { has: (key: Column) => boolean; cell: (key: Column) => string };

interface Identity {
  fullName: string;
  name: string;
  fullSlug: string;
  slug: string;
  category: Category;
  current: Existing | undefined;
}

/** What a row asks for: the values of a new product, and which of them an update sets. */
interface RowValues {
  product: ProductValues;
  /** undefined: no usable main image, so an update keeps the current one. */
  image: string | undefined;
  /** null: no usable gallery, so an update keeps the current one. */
  gallery: string[] | null;
  /** null: the file has no trade-term column, so an update keeps the terms. */
  terms: TradeTerms | null;
  /** null: no status written, so an update keeps the product's. */
  status: PublishStatus | null;
}

/** Decides what one row (on `line` of the file) does: add, update or skip, with its warnings; into `plan`. */
export function planRow(raw: CsvRow, line: number, context: PlanContext, plan: ImportPlan): void {
  const cells: Cells = {
    has: (key) => Object.prototype.hasOwnProperty.call(raw, key),
    cell: (key) => unescapeFormula(String(raw[key] ?? "")).trim(),
  };
  const identity = identifyRow(cells, line, context);
  if ("reason" in identity) {
    plan.skipped.push({ line, ...identity });
    return;
  }
  const { name, category, current } = identity;
  const warn = (message: string) => plan.warnings.push({ line, name, message });
  const note = (message: string) => plan.notes.push({ line, name, message });
  const row = readRowValues(raw, cells, identity, context.options, warn, note);
  if (!current) {
    plan.add.push({ line, id: newId(), values: row.product });
    if (isPublic(row.product)) plan.live++;
  } else {
    const values = updateOf(row, cells.has);
    plan.update.push({ line, id: current.id, currentName: current.name, category: category.name, values });
    if (isPublic({ status: values.status ?? current.status })) plan.live++;
  }
}

/** The product a row names (category and slug), or why the row is skipped. */
function identifyRow({ cell }: Cells, line: number, context: PlanContext): Identity | { name: string; reason: string } {
  const fullName = cell("name");
  const name = fullName.slice(0, CELL_LIMITS.name);
  if (!name) return { name: "", reason: "No name." };
  const fullSlug = slugify(cell("slug") || name);
  const slug = slugify(fullSlug, CELL_LIMITS.slug); // cut with no hyphen left at the end
  if (!slug) return { name, reason: "No usable slug." };
  const categoryText = cell("category_slug");
  const category = context.categoryByKey.get(typedKey(categoryText));
  if (!category)
    return {
      name,
      reason: categoryText
        ? `No category named "${categoryText}". The categories are: ${context.categoryList}.`
        : `No category_slug. The categories are: ${context.categoryList}.`,
    };
  const key = `${category.id}/${slug}`;
  const earlier = context.seen.get(key);
  if (earlier !== undefined) return { name, reason: `Same category and slug as line ${earlier}.` };
  context.seen.set(key, line);
  return { fullName, name, fullSlug, slug, category, current: context.existingByKey.get(key) };
}

/** Every column of a row read, in the order its warnings are listed. */
function readRowValues(
  raw: CsvRow,
  { has, cell }: Cells,
  identity: Identity,
  options: ImportOptions,
  warn: (message: string) => void,
  note: (message: string) => void,
) {
  const { fullName, name, fullSlug, slug, category, current } = identity;
  if (fullName.length > CELL_LIMITS.name)
    warn(`name is longer than ${CELL_LIMITS.name} characters; it will be cut there.`);
  if (fullSlug.length > CELL_LIMITS.slug)
    warn(`slug is longer than ${CELL_LIMITS.slug} characters; it will be cut there.`);
  if (Object.values(raw).some((v) => typeof v === "string" && v.includes(REPLACEMENT)))
    warn(
      `some characters could not be read (the file is not saved as UTF-8) and will show as ${REPLACEMENT}; save the spreadsheet as "CSV UTF-8" to keep them.`,
    );
  const specifications = readSpecifications(cell("specifications"));
  if (specifications.problem) warn(specifications.problem);
  if (specifications.pairs) note("specifications read as Key: value pairs.");
  const featured = readFeatured(cell("is_featured"), warn, note);
  const { image, gallery } = readPictures(cell("image_url"), cell("gallery_images"), !!current, warn);
  const terms = readTradeTermCells(
    (field) => (has(field) ? cell(field) : undefined),
    current ? parseTradeTerms(current.trade_terms) : null,
    warn,
    note,
  );
  const status = readStatus(cell("status"), warn);
  const product: ProductValues = {
    name,
    slug,
    category_id: category.id,
    description: readLongText(cell("description"), "description", warn),
    specifications: specifications.json,
    export_info: readLongText(cell("export_info"), "export_info", warn),
    is_featured: featured,
    image_url: image ?? null,
    gallery_images: JSON.stringify(gallery ?? []),
    trade_terms: terms ? serializeTradeTerms(terms) : "{}",
    // A new product without a picture waits as a draft when the importer asked for that (issue 41).
    status: status ?? (options.draftsWithoutPicture && !image ? "draft" : "published"),
  };
  return { product, image, gallery, terms, status } satisfies RowValues;
}

/** What an update sets: the columns the file has, and the pictures and terms the row asks for. */
function updateOf(row: RowValues, has: Cells["has"]): PlannedUpdate["values"] {
  const { product } = row;
  const update: PlannedUpdate["values"] = { name: product.name, slug: product.slug, category_id: product.category_id };
  for (const column of ["description", "specifications", "export_info", "is_featured"] as const) {
    if (has(column)) Object.assign(update, { [column]: product[column] });
  }
  if (row.image !== undefined) update.image_url = row.image;
  if (row.gallery) update.gallery_images = product.gallery_images;
  if (row.terms) update.trade_terms = product.trade_terms;
  if (row.status) update.status = row.status;
  return update;
}
