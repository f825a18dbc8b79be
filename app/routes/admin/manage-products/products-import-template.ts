import { data } from "react-router";
import {
  TEMPLATE_FORMATS,
  templateCsv,
  templateFileName,
  templateXlsx,
  type TemplateFormat,
} from "~/features/catalogue/csv/template.server";
import { getAdminUser } from "~/features/auth/guard.server";
import type { Route } from "./+types/products-import-template";

const TYPES: Record<TemplateFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** 'Download Template': the import's columns with one example row, as CSV or as an XLSX workbook. */
export async function loader({ params, context }: Route.LoaderArgs) {
  getAdminUser(context); // the admin layout checks too; a file download says so itself
  const format = TEMPLATE_FORMATS.find((f) => f === params.format);
  if (!format) throw data("Not Found", { status: 404 });
  const body = format === "csv" ? `\uFEFF${templateCsv()}` : new Uint8Array(await templateXlsx());
  return new Response(body, {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": `attachment; filename="${templateFileName(format)}"`,
      "Cache-Control": "no-store",
    },
  });
}
