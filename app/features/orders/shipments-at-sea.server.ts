import type { Db } from "~/db/database.server";
import { formatDay } from "~/lib/site-time";
import { shipmentReference } from "./shipping";

/** How many the dashboard lists; the rest are counted. */
const SHOWN = 8;

export interface ShipmentAtSea {
  orderId: string;
  shipmentId: string;
  reference: string;
  buyer: string;
  vessel: string;
  /** "2 Dec 2026", or null when the shipping line gave none */
  eta: string | null;
  /** The ETA has passed and the shipment is not marked arrived. */
  late: boolean;
}

/** The dashboard's 'Shipments at Sea' (issue 44): the sailed shipments, soonest ETA first (none given last). */
export async function listShipmentsAtSea(db: Db, today: string): Promise<{ items: ShipmentAtSea[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("shipments")
      .innerJoin("orders", "orders.id", "shipments.order_id")
      .select([
        "shipments.id",
        "shipments.order_id",
        "shipments.position",
        "shipments.vessel",
        "shipments.voyage",
        "shipments.eta",
        "orders.number",
        "orders.buyer_company",
        "orders.buyer_name",
      ])
      .where("shipments.status", "=", "sailed")
      .orderBy((eb) => eb.case().when("shipments.eta", "is", null).then(1).else(0).end())
      .orderBy("shipments.eta")
      .orderBy("shipments.id")
      .limit(SHOWN)
      .execute(),
    db
      .selectFrom("shipments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "sailed")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((row) => ({
      orderId: row.order_id,
      shipmentId: row.id,
      reference: shipmentReference(row.number, Number(row.position)),
      buyer: row.buyer_company || row.buyer_name,
      vessel: [row.vessel, row.voyage].filter(Boolean).join(" "),
      eta: row.eta ? formatDay(row.eta) : null,
      late: row.eta !== null && row.eta < today,
    })),
  };
}
