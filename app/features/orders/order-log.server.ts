import type { Db } from "~/db/database.server";
import type { Order } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { type ActivityAction, recordActivity } from "~/features/history/record.server";

/**
 * One activity row about an order: on its inquiry's timeline when it has one (one timeline per deal, as quotes'
 * rows are), else under the order itself.
 */
export async function logOrder(
  db: Db,
  actor: Actor | null,
  order: Pick<Order, "id" | "number" | "inquiry_id">,
  action: Extract<ActivityAction, `order-${string}` | `shipment-${string}`>,
  summary: string,
  extra: { details?: Record<string, unknown>; at?: string } = {},
) {
  await recordActivity(db, actor, {
    action,
    entity: order.inquiry_id ? "inquiry" : "order",
    entityId: order.inquiry_id ?? order.id,
    label: order.number,
    summary,
    details: { orderId: order.id, ...extra.details },
    at: extra.at,
  });
}
