import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { Db } from "~/db/database.server";
import { CSV_COLUMNS, type Column } from "./columns";
import { columnRules } from "./column-rules";

// The import's templates: every column it reads, with one example row. The CSV carries no explanation (a comment
// row would be a row to a spreadsheet); the import page lists each column's rule, and so does the workbook's second
// sheet.

export const TEMPLATE_FORMATS = ["csv", "xlsx"] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

export const templateFileName = (format: TemplateFormat) => `products-template.${format}`;

type TemplateCategory = { name: string; slug: string };

/** The site's categories, as the templates offer them (issue 41: the example named a category no site had). */
export const templateCategories = (db: Db): Promise<TemplateCategory[]> =>
  db.selectFrom("product_categories").select(["name", "slug"]).orderBy("name").execute();

/** The example row, its category one of the site's own (the column rules' example on a site with none yet). */
const exampleRow = (categories: TemplateCategory[]) =>
  columnRules().map((c) => (c.column === "category_slug" && categories[0] ? categories[0].slug : c.example));

export function templateCsv(categories: TemplateCategory[]): string {
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: [exampleRow(categories)] }, { newline: "\r\n" });
}

/** Rows of the Products sheet offered the drop-downs. */
const LISTED_ROWS = 1000;

/** A drop-down of `formula`'s values in `column` of every listed row; a value typed instead is still read. */
function offerList(
  sheet: ExcelJS.Worksheet,
  column: Column,
  formula: string,
  more: { showErrorMessage?: boolean } = {},
) {
  const index = CSV_COLUMNS.indexOf(column) + 1;
  for (let row = 2; row <= LISTED_ROWS + 1; row++)
    sheet.getCell(row, index).dataValidation = { type: "list", allowBlank: true, formulae: [formula], ...more };
}

export async function templateXlsx(categories: TemplateCategory[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const products = workbook.addWorksheet("Products", { views: [{ state: "frozen", ySplit: 1 }] });
  products.addRow([...CSV_COLUMNS]).font = { bold: true };
  products.addRow(exampleRow(categories));
  products.columns.forEach((column) => (column.width = 22));
  offerList(products, "status", '"Published,Draft"');
  // The category chosen from the site's own (the Categories sheet's slugs); a name typed instead is matched too.
  if (categories.length)
    offerList(products, "category_slug", `Categories!$B$2:$B$${categories.length + 1}`, {
      showErrorMessage: false,
    });
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
  const listed = workbook.addWorksheet("Categories");
  listed.addRow(["Name", "Slug"]).font = { bold: true };
  for (const { name, slug } of categories) listed.addRow([name, slug]);
  listed.getColumn(1).width = 32;
  listed.getColumn(2).width = 32;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
