import Papa from "papaparse";
import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { neutraliseFormula, unescapeFormula } from "~/lib/csv";
import { slugify } from "~/lib/slug";
import { newId, nowIso } from "~/lib/time";
import { NOT_CSV } from "./csv-limits";
import { readTradeTermCells, tradeTermCells } from "./csv-trade-terms";
import { parseTradeTerms, serializeTradeTerms, TRADE_TERM_FIELDS, type TradeTermField } from "./trade-terms";

/** Spec §9: the export's columns, in order; the import reads the same names. */
export const SPEC_CSV_COLUMNS = [
  "name",
  "slug",
  "category_slug",
  "description",
  "specifications",
  "export_info",
  "is_featured",
  "image_url",
  "gallery_images",
] as const;
type SpecColumn = (typeof SPEC_CSV_COLUMNS)[number];
/** The spec's columns, then one per export term (ADR 0023); a file with only the spec's imports as it always did. */
export const CSV_COLUMNS = [...SPEC_CSV_COLUMNS, ...TRADE_TERM_FIELDS] as const;
type Column = SpecColumn | TradeTermField;
type CsvRow = Partial<Record<Column, string>>;

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
          ...tradeTermCells(r.trade_terms),
        ].map(neutraliseFormula),
      ),
    },
    { newline: "\r\n" },
  );
}

interface ProductValues {
  name: string;
  slug: string;
  category_id: string;
  description: string | null;
  specifications: string;
  export_info: string | null;
  is_featured: 0 | 1;
  image_url: string | null;
  gallery_images: string;
  trade_terms: string;
}

export interface PlannedAdd {
  line: number;
  id: string;
  values: ProductValues;
}

/** An update sets only what the row decides: columns the file lacks, and blank picture cells, keep their values. */
export interface PlannedUpdate {
  line: number;
  id: string;
  currentName: string;
  category: string;
  values: Partial<ProductValues> & Pick<ProductValues, "name" | "slug" | "category_id">;
}

export interface RowNote {
  line: number;
  name: string;
  message: string;
}

export interface ImportPlan {
  add: PlannedAdd[];
  update: PlannedUpdate[];
  skipped: Array<{ line: number; name: string; reason: string }>;
  /** Rows that will be imported, but not exactly as written: what is wrong and what will happen instead. */
  warnings: RowNote[];
  /** The spec's import columns the file does not have: updated products keep those values. */
  missingColumns: SpecColumn[];
  /** Header names that are not import columns: their cells are not read. */
  unknownColumns: string[];
}

export type ParseResult = { ok: true; rows: CsvRow[] } | { ok: false; message: string };
export type DecodeResult = { ok: true; text: string } | { ok: false; message: string };

export const MAX_IMPORT_ROWS = 50_000;
export const EMPTY_FILE = "The file is empty.";
export { NOT_CSV };

const REPLACEMENT = "\uFFFD";

/**
 * The text of an uploaded file, or why it cannot be a CSV file. A PDF, a workbook (.xlsx is a zip), a picture or
 * a UTF-16 text all hold NUL bytes or a known signature; where more than one character in ten is not UTF-8, the
 * file is not text at all.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodeResult {
  if (bytes.length === 0) return { ok: false, message: EMPTY_FILE };
  const signature = String.fromCharCode(...bytes.subarray(0, 5));
  if (signature === "%PDF-" || signature.startsWith("PK\x03\x04") || bytes.includes(0))
    return { ok: false, message: NOT_CSV };
  // Not fatal: a few bytes from another encoding become U+FFFD, which the preview then reports per row.
  const text = new TextDecoder("utf-8").decode(bytes);
  let unreadable = 0;
  for (let i = text.indexOf(REPLACEMENT); i !== -1; i = text.indexOf(REPLACEMENT, i + 1)) unreadable++;
  if (unreadable * 10 > text.length) return { ok: false, message: NOT_CSV };
  if (!text.trim()) return { ok: false, message: EMPTY_FILE };
  return { ok: true, text };
}

/**
 * papaparse's errors in plain words; its own message text is never shown. It counts quote errors from the header
 * row and cell-count errors from the first data row; both become the line numbers the preview uses (header = 1).
 */
function parseErrorMessage(error: Papa.ParseError): string {
  const line = error.row === undefined ? null : error.row + (error.type === "Quotes" ? 1 : 2);
  const where = line === null ? "The file" : `Line ${line}`;
  switch (error.code) {
    case "MissingQuotes":
      return `${where} could not be read: a quoted cell is not closed.`;
    case "InvalidQuotes":
      return `${where} could not be read: a quoted cell has text after its closing quote (a quote inside a cell is written twice: "").`;
    case "TooFewFields":
      return `${where} has fewer cells than the header row.`;
    case "TooManyFields":
      return `${where} has more cells than the header row.`;
    default:
      return `${where} could not be read as CSV.`;
  }
}

/** Parses CSV text with a header row; any parse error aborts (spec §5). */
export function parseProductsCsv(text: string): ParseResult {
  const source = text.replace(/^\uFEFF/, "");
  if (!source.trim()) return { ok: false, message: EMPTY_FILE };
  const result = Papa.parse<CsvRow>(source, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  // A one-column file has no delimiter to detect; the comma papaparse then assumes is right, and the column check
  // below says what is missing.
  const errors = result.errors.filter((e) => e.code !== "UndetectableDelimiter");
  // A quote error is the cause of the cell-count errors that follow it.
  if (errors.length)
    return { ok: false, message: parseErrorMessage(errors.find((e) => e.type === "Quotes") ?? errors[0]) };
  const fields = result.meta.fields ?? [];
  if (!fields.includes("name") || !fields.includes("category_slug"))
    return { ok: false, message: "The file needs a header row with at least the columns name and category_slug." };
  if (result.data.length > MAX_IMPORT_ROWS)
    return { ok: false, message: `The file has more than ${MAX_IMPORT_ROWS} rows.` };
  return { ok: true, rows: result.data };
}

/** A cell's text for a message: short, on one line. */
const quote = (value: string) => {
  const flat = value.replace(/\s+/g, " ");
  return `"${flat.length > 60 ? `${flat.slice(0, 57)}...` : flat}"`;
};

/** Specifications as stored JSON (text and true/false values, spec §3), with what was not kept. */
function readSpecifications(value: string): { json: string; problem: string | null } {
  if (!value) return { json: "{}", problem: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // Spec §5: invalid specifications are treated as empty.
    return { json: "{}", problem: "specifications are not valid JSON; they will be imported as empty." };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    return {
      json: "{}",
      problem: 'specifications are not a JSON object such as {"Size": "55 mm"}; they will be imported as empty.',
    };
  }
  const kept: Record<string, string | boolean> = {};
  const left: string[] = [];
  for (const [key, v] of Object.entries(parsed)) {
    if (typeof v === "string" || typeof v === "boolean") kept[key] = v;
    // A number keeps its digits as text, the way the product page shows it.
    else if (typeof v === "number" && Number.isFinite(v)) kept[key] = String(v);
    else left.push(quote(key));
  }
  const problem = left.length
    ? `specification ${left.join(", ")} ${left.length === 1 ? "is" : "are"} not text or true/false; left out.`
    : null;
  return { json: JSON.stringify(kept), problem };
}

/**
 * The gallery a cell asks for, or null when it asks for nothing usable (blank, not a JSON list, or only unsafe
 * addresses): an update then keeps the current gallery. `[]` is a request for no gallery.
 */
function readGallery(value: string, keeps: string): { urls: string[] | null; problems: string[] } {
  if (!value) return { urls: null, problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed))
    return {
      urls: null,
      problems: [
        `gallery_images is not a JSON list of picture addresses such as ["https://example.com/a.jpg"]; ${keeps}.`,
      ],
    };
  const urls: string[] = [];
  const dropped: string[] = [];
  for (const entry of parsed) {
    if (typeof entry === "string" && !entry.trim()) continue;
    const safe = typeof entry === "string" ? safeImageSrc(entry) : null;
    if (safe) urls.push(safe);
    else dropped.push(quote(typeof entry === "string" ? entry : JSON.stringify(entry)));
  }
  if (!dropped.length) return { urls, problems: [] };
  const problems = [
    `gallery_images: ${dropped.length === 1 ? "this entry is" : "these entries are"} not an http(s) address or a path on this site and ${dropped.length === 1 ? "is" : "are"} left out: ${dropped.slice(0, 3).join(", ")}${dropped.length > 3 ? ", ..." : ""}.`,
  ];
  if (!urls.length) return { urls: null, problems: [...problems, `gallery_images has no usable address; ${keeps}.`] };
  return { urls, problems };
}

const LIMITS = { name: 200, slug: 200, description: 10_000, export_info: 5_000 } as const;

/**
 * Decides, row by row, what an import would do: add, update (same category and slug as a product that exists) or
 * skip, with the reason, and what in the rows it imports cannot be kept as written. Nothing is written.
 */
export async function planImport(db: Db, rows: CsvRow[]): Promise<ImportPlan> {
  const [categories, existing] = await Promise.all([
    db.selectFrom("product_categories").select(["id", "slug", "name"]).execute(),
    db.selectFrom("products").select(["id", "slug", "category_id", "name", "trade_terms"]).execute(),
  ]);
  const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
  const existingByKey = new Map(existing.map((p) => [`${p.category_id}/${p.slug}`, p]));
  const seen = new Map<string, number>();
  const header = Object.keys(rows[0] ?? {});
  const plan: ImportPlan = {
    add: [],
    update: [],
    skipped: [],
    warnings: [],
    missingColumns: SPEC_CSV_COLUMNS.filter((c) => !header.includes(c)),
    // Columns without a name are the empty ones spreadsheets leave at the right; not worth a word.
    unknownColumns: header.filter((h) => h && !(CSV_COLUMNS as readonly string[]).includes(h)),
  };

  rows.forEach((raw, index) => {
    const line = index + 2;
    const has = (key: Column) => Object.prototype.hasOwnProperty.call(raw, key);
    const cell = (key: Column) => unescapeFormula(String(raw[key] ?? "")).trim();
    const fullName = cell("name");
    const name = fullName.slice(0, LIMITS.name);
    if (!name) return plan.skipped.push({ line, name: "", reason: "No name." });
    const fullSlug = slugify(cell("slug") || name);
    const slug = slugify(fullSlug, LIMITS.slug); // cut with no hyphen left at the end
    if (!slug) return plan.skipped.push({ line, name, reason: "No usable slug." });
    const categorySlug = cell("category_slug");
    const category = categoryBySlug.get(categorySlug);
    if (!category)
      return plan.skipped.push({
        line,
        name,
        reason: categorySlug ? `No category with the slug "${categorySlug}".` : "No category_slug.",
      });
    const key = `${category.id}/${slug}`;
    if (seen.has(key))
      return plan.skipped.push({ line, name, reason: `Same category and slug as line ${seen.get(key)}.` });
    seen.set(key, line);
    const current = existingByKey.get(key);

    const warn = (message: string) => plan.warnings.push({ line, name, message });
    const limited = (column: "description" | "export_info") => {
      const value = cell(column);
      if (value.length > LIMITS[column])
        warn(`${column} is longer than ${LIMITS[column].toLocaleString("en")} characters; it will be cut there.`);
      return value.slice(0, LIMITS[column]) || null;
    };
    if (fullName.length > LIMITS.name) warn(`name is longer than ${LIMITS.name} characters; it will be cut there.`);
    if (fullSlug.length > LIMITS.slug) warn(`slug is longer than ${LIMITS.slug} characters; it will be cut there.`);
    if (Object.values(raw).some((v) => typeof v === "string" && v.includes(REPLACEMENT))) {
      warn(
        `some characters could not be read (the file is not saved as UTF-8) and will show as ${REPLACEMENT}; save the spreadsheet as "CSV UTF-8" to keep them.`,
      );
    }

    const specifications = readSpecifications(cell("specifications"));
    if (specifications.problem) warn(specifications.problem);

    const featured = cell("is_featured");
    // Spec §5: only the text 'true' makes a product featured.
    if (featured && featured !== "true" && featured !== "false")
      warn(`is_featured is ${quote(featured)}, not "true"; the product will not be featured.`);

    // undefined: the row asks for no main image, so an update keeps the current one.
    let image: string | undefined;
    const imageCell = cell("image_url");
    if (imageCell) {
      image = safeImageSrc(imageCell) ?? undefined;
      if (!image)
        warn(
          `image_url ${quote(imageCell)} is not an http(s) address or a path on this site; ${current ? "the current main image is kept" : "the product will have no main image"}.`,
        );
    }
    const gallery = readGallery(
      cell("gallery_images"),
      current ? "the current gallery is kept" : "the product will have no gallery",
    );
    gallery.problems.forEach(warn);
    const terms = readTradeTermCells(
      (field) => (has(field) ? cell(field) : undefined),
      current ? parseTradeTerms(current.trade_terms) : null,
      warn,
    );

    const values: ProductValues = {
      name,
      slug,
      category_id: category.id,
      description: limited("description"),
      specifications: specifications.json,
      export_info: limited("export_info"),
      is_featured: featured === "true" ? 1 : 0,
      image_url: image ?? null,
      gallery_images: JSON.stringify(gallery.urls ?? []),
      trade_terms: terms ? serializeTradeTerms(terms) : "{}",
    };
    if (!current) return plan.add.push({ line, id: newId(), values });

    const update: PlannedUpdate["values"] = { name, slug, category_id: category.id };
    for (const column of ["description", "specifications", "export_info", "is_featured"] as const) {
      if (has(column)) Object.assign(update, { [column]: values[column] });
    }
    if (image !== undefined) update.image_url = image;
    if (gallery.urls) update.gallery_images = values.gallery_images;
    if (terms) update.trade_terms = values.trade_terms;
    plan.update.push({ line, id: current.id, currentName: current.name, category: category.name, values: update });
  });
  return plan;
}

/** Writes a plan inside the caller's transaction. */
export async function writeImportPlan(trx: Db, actor: Actor, plan: ImportPlan): Promise<number> {
  const now = nowIso();
  // Batches stay under SQLite's limit on bound values per statement.
  for (let i = 0; i < plan.add.length; i += 500) {
    await trx
      .insertInto("products")
      .values(plan.add.slice(i, i + 500).map((p) => ({ id: p.id, ...p.values, created_at: now, updated_at: now })))
      .execute();
  }
  for (const product of plan.update) {
    await trx
      .updateTable("products")
      .set({ ...product.values, updated_at: now })
      .where("id", "=", product.id)
      .execute();
  }
  return plan.add.length + plan.update.length;
}

/** Writes a plan in one transaction: every row or none. Returns how many products were imported. */
export function applyImport(db: Db, actor: Actor, plan: ImportPlan): Promise<number> {
  return db.transaction().execute((trx) => writeImportPlan(trx, actor, plan));
}

/** Longest list of skipped rows or warnings the preview page shows; it always gives the full counts. */
export const PREVIEW_LIST_LIMIT = 500;

/**
 * What the preview page shows of a plan: counts, every product an update will change, and the rows' problems.
 * Updates go as one short text each, grouped by category: a whole-catalogue file lists thousands of them.
 */
export function previewOf(plan: ImportPlan, fileName: string) {
  const updates = new Map<string, string[]>();
  for (const u of plan.update) {
    const rows = updates.get(u.category) ?? [];
    rows.push(
      `Line ${u.line}: ${u.currentName}${u.values.name !== u.currentName ? ` (renamed to ${u.values.name})` : ""}`,
    );
    updates.set(u.category, rows);
  }
  return {
    fileName,
    add: plan.add.length,
    update: plan.update.length,
    updates: [...updates].map(([category, rows]) => ({ category, rows })),
    skipped: plan.skipped.slice(0, PREVIEW_LIST_LIMIT),
    skippedCount: plan.skipped.length,
    warnings: plan.warnings.slice(0, PREVIEW_LIST_LIMIT),
    warningCount: plan.warnings.length,
    missingColumns: plan.missingColumns,
    unknownColumns: plan.unknownColumns,
  };
}
export type ImportPreview = ReturnType<typeof previewOf>;
