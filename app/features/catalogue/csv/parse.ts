import Papa from "papaparse";
import type { CsvRow } from "./columns";
import { NOT_CSV } from "./limits";

/** The data rows of a file, each with the line a spreadsheet shows it on (header = line 1, blank rows counted). */
export type ParseResult = { ok: true; rows: CsvRow[]; lines: number[] } | { ok: false; message: string };
export type DecodeResult = { ok: true; text: string } | { ok: false; message: string };

export const MAX_IMPORT_ROWS = 50_000;
export const EMPTY_FILE = "The file is empty.";
export const NEEDS_HEADER = "The file needs a header row with at least the columns name and category_slug.";

/** What a byte that is not UTF-8 becomes; the plan warns about rows that hold it. */
export const REPLACEMENT = "\uFFFD";

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

/** papaparse's quote errors in plain words (its own text is never shown); `line` counts records, header = 1. */
function quoteErrorMessage(error: Papa.ParseError): string {
  const where = error.row === undefined ? "The file" : `Line ${error.row + 1}`;
  if (error.code === "InvalidQuotes")
    return `${where} could not be read: a quoted cell has text after its closing quote (a quote inside a cell is written twice: "").`;
  if (error.code === "MissingQuotes") return `${where} could not be read: a quoted cell is not closed.`;
  return `${where} could not be read as CSV.`;
}

/** Parses CSV text with a header row; any parse error aborts (spec §5). */
export function parseProductsCsv(text: string): ParseResult {
  const source = text.replace(/^\uFEFF/, "");
  if (!source.trim()) return { ok: false, message: EMPTY_FILE };
  // Without papaparse's header mode, so blank rows stay in place and every row keeps the line a spreadsheet shows.
  const result = Papa.parse<string[]>(source, { header: false, skipEmptyLines: false });
  const quoteError = result.errors.find((e) => e.type === "Quotes");
  if (quoteError) return { ok: false, message: quoteErrorMessage(quoteError) };
  return rowsOfGrid(result.data);
}

const isBlank = (cells: readonly string[]) => cells.every((c) => !c.trim());

/**
 * A sheet's rows (the first row that is not blank is the header) as import rows, by header name, with their line
 * numbers; blank rows are skipped but counted. Every row must have the header's number of cells.
 */
export function rowsOfGrid(grid: ReadonlyArray<readonly string[]>): ParseResult {
  const fail = (message: string): ParseResult => ({ ok: false, message });
  const headerIndex = grid.findIndex((cells) => !isBlank(cells));
  if (headerIndex === -1) return fail(EMPTY_FILE);
  const header = uniqueNames(grid[headerIndex].map((h) => h.trim().toLowerCase()));
  if (!header.includes("name") || !header.includes("category_slug")) return fail(NEEDS_HEADER);
  const rows: CsvRow[] = [];
  const lines: number[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const cells = grid[i];
    if (isBlank(cells)) continue;
    const line = i + 1;
    if (cells.length < header.length) return fail(`Line ${line} has fewer cells than the header row.`);
    if (cells.length > header.length) return fail(`Line ${line} has more cells than the header row.`);
    if (rows.length === MAX_IMPORT_ROWS) return fail(`The file has more than ${MAX_IMPORT_ROWS} rows.`);
    const row: Record<string, string> = {};
    header.forEach((name, c) => (row[name] = cells[c] ?? ""));
    rows.push(row as CsvRow);
    lines.push(line);
  }
  return { ok: true, rows, lines };
}

/** A header name given twice: the second is `name_2`, an unknown column, so no cell is read twice. */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 || !name ? name : `${name}_${count}`;
  });
}
