import ExcelJS from "exceljs";
import Papa from "papaparse";
import { CSV_COLUMNS } from "./columns";
import { columnRules } from "./column-rules";

// The import's templates: every column it reads, with one example row. The CSV carries no explanation (a comment
// row would be a row to a spreadsheet); the import page lists each column's rule, and so does the workbook's second
// sheet.

export const TEMPLATE_FORMATS = ["csv", "xlsx"] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

export const templateFileName = (format: TemplateFormat) => `products-template.${format}`;

const exampleRow = () => columnRules().map((c) => c.example);

export function templateCsv(): string {
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: [exampleRow()] }, { newline: "\r\n" });
}

export async function templateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const products = workbook.addWorksheet("Products", { views: [{ state: "frozen", ySplit: 1 }] });
  products.addRow([...CSV_COLUMNS]).font = { bold: true };
  products.addRow(exampleRow());
  products.columns.forEach((column) => (column.width = 22));
  // Typed as text, so a spreadsheet keeps the leading 0 of an HS code and does not turn a date into a number.
  products.getColumn(CSV_COLUMNS.indexOf("hs_code") + 1).numFmt = "@";
  const rules = workbook.addWorksheet("Columns");
  rules.addRow(["Column", "Rule", "Example"]).font = { bold: true };
  for (const { column, rule, example } of columnRules()) rules.addRow([column, rule, example]);
  rules.getColumn(1).width = 24;
  rules.getColumn(2).width = 100;
  rules.getColumn(2).alignment = { wrapText: true, vertical: "top" };
  rules.getColumn(3).width = 32;
  rules.addRow([]);
  rules.addRow([
    "Notes",
    "The import reads the first sheet. Line numbers in the preview are the sheet's row numbers (the header is row 1; blank rows are skipped but counted). A row whose category and slug match an existing product updates it.",
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
