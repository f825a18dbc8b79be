import { data } from "react-router";
import { lotReportOf, lotReportResponse } from "~/features/lots/lot-reads.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/lot-report";

/** A lot's test report for the desk (below the admin guard), public or not; only through its own shipment's address. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const report = await lotReportOf(db, params, params.lotId);
  const response = report && (await lotReportResponse(storage, report, "desk"));
  if (!response) throw data("Report not found", { status: 404 });
  return response;
}
