import { exportInquiriesCsv, inquiriesExportFileName } from "~/features/inquiries/inquiry-export.server";
import { parseInquiryListQuery } from "~/features/inquiries/inquiry-list.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/inquiries-export";

/** The inquiries the list shows (same status filter and search, all pages) as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const csv = await exportInquiriesCsv(getServices(context).db, parseInquiryListQuery(request));
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${inquiriesExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
