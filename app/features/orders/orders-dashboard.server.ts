import type { Db } from "~/db/database.server";
import { listPaymentsDue } from "./payments-due.server";
import { listShipmentsAtSea } from "./shipments-at-sea.server";

/** What the dashboard shows of the orders (issue 44): the money due and the shipments at sea. */
export async function ordersOnDashboard(db: Db, today: string) {
  const [paymentsDue, shipmentsAtSea] = await Promise.all([listPaymentsDue(db, today), listShipmentsAtSea(db, today)]);
  return { paymentsDue, shipmentsAtSea };
}
