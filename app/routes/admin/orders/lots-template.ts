import { data } from "react-router";
import { lotTemplateCsv, lotTemplateXlsx } from "~/features/lots/lot-import.server";
import { lotShipment } from "~/features/lots/lots.server";
import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import { getServices } from "~/services.server";
import type { Route } from "./+types/lots-template";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The lots sheet to fill in (CSV or XLSX): its columns, and a row per container line of this shipment. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const format = params.format;
  if (format !== "csv" && format !== "xlsx") throw data("Not found", { status: 404 });
  const shipment = await lotShipment(db, params);
  if (!shipment) throw data("Shipment not found", { status: 404 });
  const body =
    format === "csv"
      ? `\uFEFF${lotTemplateCsv(shipment.lines)}`
      : new Uint8Array(await lotTemplateXlsx(shipment.lines));
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : XLSX,
      "Content-Disposition": `attachment; filename="lots.${format}"`,
      ...PRIVATE_LINK_HEADERS,
    },
  });
}
