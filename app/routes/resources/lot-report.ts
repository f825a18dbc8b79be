import { data } from "react-router";
import { publicLotReport } from "~/features/lots/lot-page.server";
import { lotReportResponse } from "~/features/lots/lot-reads.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/lot-report";

/**
 * A lot's test report from its public page (issue 45): only while the exporter marks it 'Show the report on the lot
 * page'; any other code, a report kept private, or none, is a 404 alike.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const report = await publicLotReport(db, params.code);
  const response = report && (await lotReportResponse(storage, report, "public"));
  if (!response) throw data("Not Found", { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  return response;
}
