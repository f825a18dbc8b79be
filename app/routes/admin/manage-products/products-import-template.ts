import { data } from "react-router";
import {
  TEMPLATE_FORMATS,
  templateCategories,
  templateCsv,
  templateFileName,
  templateXlsx,
  type TemplateFormat,
} from "~/features/catalogue/csv/template.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/products-import-template";

const TYPES: Record<TemplateFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** 'Download Template': the import's columns with one example row, as CSV or as an XLSX workbook. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  getAdminUser(context); // the admin layout checks too; a file download says so itself
  const format = TEMPLATE_FORMATS.find((f) => f === params.format);
  if (!format) throw data("Not Found", { status: 404 });
  const categories = await templateCategories(db);
  const body = format === "csv" ? `\uFEFF${templateCsv(categories)}` : new Uint8Array(await templateXlsx(categories));
  return new Response(body, {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": `attachment; filename="${templateFileName(format)}"`,
      "Cache-Control": "no-store",
    },
  });
}
