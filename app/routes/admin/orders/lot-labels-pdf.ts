import { data } from "react-router";
import { lotLabelsPdf } from "~/features/lots/lot-labels-pdf.server";
import { shipmentLotLabels } from "~/features/lots/lot-reads.server";
import { shipmentReference } from "~/features/orders/shipping";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { siteOrigin } from "~/config.server";
import { siteToday } from "~/lib/site-time";
import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import { getServices } from "~/services.server";
import type { Route } from "./+types/lot-labels-pdf";

/** 'Label Sheet (PDF)' of a shipment's lots for the desk (below the admin guard): one label a lot, in their order. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config, now } = getServices(context);
  const found = await shipmentLotLabels(db, params);
  if (!found) throw data("Shipment not found", { status: 404 });
  const reference = shipmentReference(found.shipment.order_number, Number(found.shipment.position));
  const pdf = await lotLabelsPdf({
    company: COMPANY_NAME,
    siteOrigin: siteOrigin(config),
    labels: found.labels.map((label) => ({ ...label, reference })),
    day: siteToday(now(), await siteTimeZone(db)),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="lot-labels-${reference.replace(/[^\w-]/g, "-")}.pdf"`,
      ...PRIVATE_LINK_HEADERS,
    },
  });
}
