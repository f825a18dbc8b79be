import type { Db } from "~/db/database.server";
import { newLotCode } from "~/features/lots/lot-code";
import { upsertUser } from "~/features/auth/users.server";
import { createOrder } from "~/features/orders/create-order.server";
import { newId, nowIso } from "~/lib/time";
import { insertQuote } from "./test-db";

/**
 * A lot on an order's container line, made straight in the database (issue 45): an accepted quote for `product`
 * made an order, its shipment, one container carrying the line, and the lot with `lot`'s facts. Returns its code.
 */
export async function insertLot(
  db: Db,
  product: { id: string | null; name: string; grade?: string },
  lot: Partial<{
    origin: string;
    harvest_date: string;
    packing_date: string;
    test_lab: string;
    test_result: string;
  }> = {},
): Promise<{ code: string; orderId: string; shipmentId: string }> {
  const quote = await insertQuote(
    db,
    { number: `Q-2026-${String(Math.floor(Math.random() * 9000) + 1000)}`, status: "accepted" },
    [
      {
        product_id: product.id,
        product_name: product.name,
        grade: product.grade ?? null,
        quantity: "25",
        unit: "MT",
        unit_price_minor: 40_000,
      },
    ],
  );
  const email = `lots-${newId()}@example.com`;
  const { id } = await upsertUser(db, { email, password: "a-long-test-password", role: "admin", name: "Lot Maker" });
  const made = await createOrder(db, { id, email, fullName: null }, quote, {
    now: Date.now(),
    timeZone: "Asia/Kolkata",
  });
  if (!made.ok) throw new Error(made.message);
  const orderLine = await db
    .selectFrom("order_lines")
    .select("id")
    .where("order_id", "=", made.id)
    .executeTakeFirstOrThrow();
  const at = nowIso();
  const shipmentId = newId();
  await db
    .insertInto("shipments")
    .values({
      id: shipmentId,
      order_id: made.id,
      position: 1,
      status: "planned",
      version: 1,
      shipping_line: "",
      vessel: "",
      voyage: "",
      port_of_loading: "",
      port_of_discharge: "",
      bl_number: "",
      created_at: at,
      updated_at: at,
    })
    .execute();
  const containerId = newId();
  await db
    .insertInto("shipment_containers")
    .values({
      id: containerId,
      shipment_id: shipmentId,
      position: 1,
      number: "MSKU1234565",
      seal: "",
      container_type: "40hc",
      created_at: at,
    })
    .execute();
  const lineId = newId();
  await db
    .insertInto("container_lines")
    .values({
      id: lineId,
      container_id: containerId,
      order_line_id: orderLine.id,
      quantity: "25",
      packages: 1000,
      package_kind: "25 kg mesh bags",
      net_kg: "25000",
      gross_kg: "25500",
    })
    .execute();
  const code = newLotCode();
  await db
    .insertInto("shipment_lots")
    .values({
      id: newId(),
      shipment_id: shipmentId,
      container_line_id: lineId,
      position: 1,
      code,
      origin: lot.origin ?? "Lasalgaon, Nashik (Maharashtra)",
      farm_registration: "MH/NSK/2026/0412",
      harvest_date: lot.harvest_date ?? "2026-11-02",
      packing_date: lot.packing_date ?? "2026-11-05",
      test_lab: lot.test_lab ?? "EUROFINS Analytical Services India",
      test_result: lot.test_result ?? "No residue above EU MRLs",
      phyto_number: "PSC/2026/118",
      report_public: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { code, orderId: made.id, shipmentId };
}
