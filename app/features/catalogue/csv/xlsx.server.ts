import ExcelJS from "exceljs";
import yauzl from "yauzl";

// An .xlsx workbook is a ZIP of XML files. Before exceljs opens it, every entry is inflated once here, counted and
// thrown away: a file whose entries unpack to more than MAX_XLSX_UNPACKED_BYTES (a zip bomb), or whose entries
// hold more than they declare, is refused before anything keeps it in memory.

export const MAX_XLSX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 2_000;

export const NOT_XLSX =
  "This is not an XLSX workbook, or it is damaged. Save the spreadsheet as Excel Workbook (.xlsx) or as CSV UTF-8 and choose that file.";
export const XLSX_TOO_LARGE = `The workbook unpacks to more than ${MAX_XLSX_UNPACKED_BYTES / 1024 / 1024} MB, which is more than a product list needs. Split it into smaller files, or save it as CSV.`;

export type GridResult = { ok: true; grid: string[][] } | { ok: false; message: string };

class TooLarge extends Error {}

/** Inflates every entry of the ZIP, counting; throws TooLarge past the limits, or yauzl's error when damaged. */
async function checkUnpackedSize(bytes: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  if (zip.entryCount > MAX_XLSX_ENTRIES) throw new TooLarge();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", resolve);
    zip.on("entry", (entry: yauzl.Entry) => {
      // The declared sizes first: an obvious bomb is refused without inflating a byte.
      total += entry.uncompressedSize;
      if (total > MAX_XLSX_UNPACKED_BYTES) return reject(new TooLarge());
      if (entry.fileName.endsWith("/")) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        // yauzl stops a stream that gives more bytes than its entry declares, so the total above holds.
        stream.on("error", reject);
        stream.on("data", () => {});
        stream.on("end", () => zip.readEntry());
      });
    });
    zip.readEntry();
  }).finally(() => zip.close());
}

/** Reads the first sheet of an .xlsx file as rows of text cells (row 1 first; a blank row is an empty row). */
export async function readXlsxGrid(bytes: Uint8Array): Promise<GridResult> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) return { ok: false, message: NOT_XLSX };
  try {
    await checkUnpackedSize(buffer);
  } catch (error) {
    return { ok: false, message: error instanceof TooLarge ? XLSX_TOO_LARGE : NOT_XLSX };
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    return { ok: false, message: NOT_XLSX };
  }
  // A ZIP without a sheet (a workbook always has one) is some other file.
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, message: NOT_XLSX };
  const grid: string[][] = [];
  let width = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const text = cellText(cell.value);
      if (text) cells[column - 1] = text;
    });
    grid[rowNumber - 1] = cells;
    width = Math.max(width, cells.length);
  });
  // Rectangular, like a CSV file: the rows between the written ones, and the cells left empty, are "".
  for (let i = 0; i < grid.length; i++) grid[i] = Array.from({ length: width }, (_, c) => grid[i]?.[c] ?? "");
  return { ok: true, grid };
}

/**
 * A cell as the spreadsheet shows its value: numbers without float noise, dates as YYYY-MM-DD (the day exceljs
 * reads, in UTC), rich text as its plain text, a formula as its last computed result, an error as its code.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("formula" in value || "sharedFormula" in value) return cellText(value.result as ExcelJS.CellValue);
  if ("error" in value) return String(value.error);
  if ("text" in value) return typeof value.text === "string" ? value.text : cellText(value.text as ExcelJS.CellValue);
  return "";
}
