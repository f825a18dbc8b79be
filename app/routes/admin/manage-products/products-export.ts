import { exportFileName, productsCsvStream } from "~/features/catalogue/csv/export.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { recordExport } from "~/features/history/record-export.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/products-export";

/** The catalogue as a CSV download (spec §9), made on the server and sent as it is made (issue 42). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await recordExport(db, getAdminUser(context), { what: "products" });
  return new Response(productsCsvStream(db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
