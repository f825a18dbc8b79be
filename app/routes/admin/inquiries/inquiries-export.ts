import { exportInquiriesCsv, inquiriesExportFileName } from "~/features/inquiries/inquiry-export.server";
import { parseInquiryListQuery } from "~/features/inquiries/inquiry-list.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { recordExport } from "~/features/history/record-export.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/inquiries-export";

/** The inquiries the list shows (same status filter and search, all pages) as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const query = parseInquiryListQuery(request);
  const csv = await exportInquiriesCsv(db, query);
  const { page: _page, ...filter } = query;
  await recordExport(db, getAdminUser(context), { what: "inquiries", filter });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${inquiriesExportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
