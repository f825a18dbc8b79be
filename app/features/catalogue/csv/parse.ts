import Papa from "papaparse";
import type { CsvRow } from "./columns";
import { NOT_CSV } from "./limits";

export type ParseResult = { ok: true; rows: CsvRow[] } | { ok: false; message: string };
export type DecodeResult = { ok: true; text: string } | { ok: false; message: string };

export const MAX_IMPORT_ROWS = 50_000;
export const EMPTY_FILE = "The file is empty.";

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
