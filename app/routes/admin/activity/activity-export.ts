import { getAdminUser } from "~/features/auth/guard.server";
import { activityExportFileName, exportActivityCsv, parseActivityQuery } from "~/features/history/activity-list.server";
import { recordExport } from "~/features/history/record-export.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/activity-export";

/** The rows the activity page's filters select (every page) as a CSV download; the export is itself logged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const filter = parseActivityQuery(request);
  const { csv, rows } = await exportActivityCsv(db, filter, await siteTimeZone(db));
  await recordExport(db, getAdminUser(context), { what: "activity", rows, filter });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${activityExportFileName(now())}"`,
      "Cache-Control": "no-store",
    },
  });
}
