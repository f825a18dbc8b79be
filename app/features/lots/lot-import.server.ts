import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { Db } from "~/db/database.server";
import { decodeCsvBytes } from "~/features/catalogue/csv/parse";
import { readXlsxGrid } from "~/features/catalogue/csv/xlsx.server";
import type { Actor } from "~/lib/actor";
import { neutraliseFormula, unescapeFormula } from "~/lib/csv";
import { newId } from "~/lib/time";
import { newLotCode, normaliseLotCode } from "./lot-code";
import { type LotFacts, lotFacts } from "./lot-forms.schema";
import {
  factColumns,
  lockShipment,
  logLot,
  lotShipment,
  lotsOf,
  type LotLine,
  nextLotPosition,
  retryingClashes,
  type ShipmentIds,
} from "./lots.server";

// 'Import Lots' (issue 45): a shipment's lots from a CSV or XLSX sheet (read as the catalogue's import reads them,
// ADR 0041), one lot a row; all rows or none, in one transaction. A row without a lot code makes a new lot; a row
// with the code of one of this shipment's lots changes it (so the exported template can be filled in and sent again).

export const LOT_SHEET_COLUMNS = [
  "container number",
  "product",
  "lot code",
  "origin",
  "farm registration",
  "harvest date",
  "packing date",
  "test lab",
  "test result",
  "phyto number",
] as const;
type Column = (typeof LOT_SHEET_COLUMNS)[number];
const REQUIRED: Column[] = ["container number", "product", "origin"];

/** A shipment's lots fit in a few hundred rows; a sheet far beyond that is another file. */
export const MAX_LOT_ROWS = 1000;
export const MAX_LOT_SHEET_BYTES = 5 * 1024 * 1024;
/** The refusal names at most this many rows (and how many more). */
const LISTED_ERRORS = 20;

export type LotImportResult =
  | { ok: true; added: number; changed: number; codes: string[] }
  | { ok: false; status: number; title: string; message: string; rows: string[] };

const TITLE = "Lots Not Imported";
const refused = (message: string, rows: string[] = [], status = 400): LotImportResult => ({
  ok: false,
  status,
  title: TITLE,
  message,
  rows,
});

/** "Harvest_Date", " harvest  date " → "harvest date". */
const columnName = (header: string) => header.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
/** Container numbers as people write them: "MSKU 123456 5" is "MSKU1234565". */
const containerKey = (value: string) => value.replace(/[\s-]/g, "").toUpperCase();
const productKey = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();

type SheetRow = { line: number; cells: Partial<Record<Column, string>> };

/** The sheet's rows by column, each with the row number a spreadsheet shows (header = 1, blank rows counted). */
async function readLotSheet(file: File): Promise<{ ok: true; rows: SheetRow[] } | { ok: false; message: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let grid: string[][];
  if (/\.xlsx$/i.test(file.name)) {
    const sheet = await readXlsxGrid(bytes);
    if (!sheet.ok) return sheet;
    grid = sheet.grid;
  } else {
    const decoded = decodeCsvBytes(bytes);
    if (!decoded.ok) return decoded;
    const parsed = Papa.parse<string[]>(decoded.text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: false });
    if (parsed.errors.some((error) => error.type === "Quotes"))
      return { ok: false, message: "The file could not be read as CSV: a quoted cell is not closed." };
    grid = parsed.data;
  }
  const blank = (cells: readonly string[]) => cells.every((cell) => !cell?.trim());
  const headerIndex = grid.findIndex((cells) => !blank(cells));
  if (headerIndex === -1) return { ok: false, message: "The file is empty." };
  const header = grid[headerIndex]!.map(columnName);
  const unknown = header.filter((name) => name && !(LOT_SHEET_COLUMNS as readonly string[]).includes(name));
  if (unknown.length)
    return {
      ok: false,
      message: `Unknown column "${unknown[0]}". The columns are: ${LOT_SHEET_COLUMNS.join(", ")}.`,
    };
  const missing = REQUIRED.filter((name) => !header.includes(name));
  if (missing.length) return { ok: false, message: `The header row needs the column "${missing[0]}".` };
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const cells = grid[i]!;
    if (blank(cells)) continue;
    if (rows.length === MAX_LOT_ROWS) return { ok: false, message: `The file has more than ${MAX_LOT_ROWS} rows.` };
    const row: SheetRow = { line: i + 1, cells: {} };
    header.forEach((name, c) => {
      if (name) row.cells[name as Column] = unescapeFormula((cells[c] ?? "").trim());
    });
    rows.push(row);
  }
  if (!rows.length) return { ok: false, message: "The file has no lots under its header row." };
  return { ok: true, rows };
}

type PlannedRow = { line: LotLine; code: string | null; facts: LotFacts };

/**
 * Every row checked before anything is written: its container and product must be one of this shipment's
 * container lines, its code (when given) one of this shipment's lots and given once, its facts as the form's rules
 * say. Returns the plan, or every refused row with its row number.
 */
function planRows(rows: SheetRow[], lines: LotLine[], existing: Set<string>) {
  const errors: string[] = [];
  const planned: PlannedRow[] = [];
  const containers = new Set(lines.map((line) => containerKey(line.containerNumber)));
  const seenCodes = new Set<string>();
  for (const { line: row, cells } of rows) {
    const fail = (message: string) => errors.push(`Row ${row}: ${message}`);
    const container = cells["container number"] ?? "";
    const product = cells.product ?? "";
    if (!container) {
      fail("Container number is required.");
      continue;
    }
    if (!containers.has(containerKey(container))) {
      fail(`container ${container} is not in this shipment.`);
      continue;
    }
    const line = lines.find(
      (candidate) =>
        containerKey(candidate.containerNumber) === containerKey(container) &&
        productKey(candidate.product) === productKey(product),
    );
    if (!line) {
      fail(product ? `container ${container} carries no "${product}" of this order.` : "Product is required.");
      continue;
    }
    const typedCode = cells["lot code"] ?? "";
    const code = typedCode ? normaliseLotCode(typedCode) : null;
    if (typedCode && !code) {
      fail(`"${typedCode}" is not a lot code (leave it empty to make a new lot).`);
      continue;
    }
    if (code && !existing.has(code)) {
      fail(`lot ${code} is not a lot of this shipment (leave the code empty to make a new lot).`);
      continue;
    }
    if (code && seenCodes.has(code)) {
      fail(`lot ${code} is given twice.`);
      continue;
    }
    if (code) seenCodes.add(code);
    const facts = lotFacts.safeParse({
      origin: cells.origin ?? "",
      farm_registration: cells["farm registration"],
      harvest_date: cells["harvest date"],
      packing_date: cells["packing date"],
      test_lab: cells["test lab"],
      test_result: cells["test result"],
      phyto_number: cells["phyto number"],
    });
    if (!facts.success) {
      fail(facts.error.issues[0]!.message);
      continue;
    }
    planned.push({ line, code, facts: facts.data });
  }
  return { errors, planned };
}

/** 'Import Lots': every row written in one transaction, or none when one is refused (each named by its row). */
export async function importLots(
  db: Db,
  actor: Actor,
  ids: ShipmentIds,
  file: File,
  now: number,
): Promise<LotImportResult> {
  if (file.size > MAX_LOT_SHEET_BYTES)
    return refused(`The file is larger than ${MAX_LOT_SHEET_BYTES / 1024 / 1024} MB.`);
  if (!/\.(csv|xlsx)$/i.test(file.name)) return refused("Choose a CSV or XLSX file.");
  const shipment = await lotShipment(db, ids);
  if (!shipment) return refused("The shipment no longer exists.", [], 404);
  if (!shipment.lines.length) return refused("Add the shipment's containers first: lots are on their lines.", [], 409);
  const sheet = await readLotSheet(file);
  if (!sheet.ok) return refused(sheet.message);
  const before = await lotsOf(db, shipment.id);
  const { errors, planned } = planRows(sheet.rows, shipment.lines, new Set(before.map((lot) => lot.code)));
  if (errors.length) {
    const listed = errors.slice(0, LISTED_ERRORS);
    if (errors.length > listed.length) listed.push(`And ${errors.length - listed.length} more rows.`);
    return refused(
      `${errors.length === 1 ? "1 row was" : `${errors.length} rows were`} refused: nothing was imported.`,
      listed,
    );
  }
  const at = new Date(now).toISOString();
  return retryingClashes(() =>
    db.transaction().execute(async (trx) => {
      await lockShipment(trx, shipment.id);
      let position = await nextLotPosition(trx, shipment.id);
      const codes: string[] = [];
      let added = 0;
      for (const row of planned) {
        const columns = { container_line_id: row.line.id, ...factColumns(row.facts), updated_at: at };
        if (row.code) {
          await trx
            .updateTable("shipment_lots")
            .set(columns)
            .where("shipment_id", "=", shipment.id)
            .where("code", "=", row.code)
            .execute();
          codes.push(row.code);
          continue;
        }
        const code = newLotCode();
        await trx
          .insertInto("shipment_lots")
          .values({
            id: newId(),
            shipment_id: shipment.id,
            code,
            position: position++,
            report_public: 0,
            created_at: at,
            ...columns,
          })
          .execute();
        codes.push(code);
        added++;
      }
      const changed = planned.length - added;
      await logLot(
        trx,
        actor,
        shipment,
        `Lots imported from ${file.name.slice(0, 120)}: ${added} added, ${changed} changed`,
        { codes },
        at,
      );
      return { ok: true as const, added, changed, codes };
    }),
  );
}

/** The template's rows: one per container line of the shipment, its container and product filled in. */
const templateRows = (lines: LotLine[]) =>
  lines.map((line) =>
    LOT_SHEET_COLUMNS.map((column) =>
      column === "container number" ? line.containerNumber : column === "product" ? line.product : "",
    ),
  );

/** The lots sheet to fill in, as CSV. */
export function lotTemplateCsv(lines: LotLine[]): string {
  const data = templateRows(lines).map((row) => row.map(neutraliseFormula));
  return Papa.unparse({ fields: [...LOT_SHEET_COLUMNS], data }, { newline: "\r\n" });
}

/** The lots sheet to fill in, as an XLSX workbook (dates and codes typed as text, so nothing is reformatted). */
export async function lotTemplateXlsx(lines: LotLine[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Lots", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow([...LOT_SHEET_COLUMNS]).font = { bold: true };
  for (const row of templateRows(lines)) sheet.addRow(row);
  sheet.columns.forEach((column) => {
    column.width = 22;
    column.numFmt = "@";
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
