import { StatusBadge } from "~/components/admin/status-badge";
import type { OrderStatus } from "~/db/schema";
import { ORDER_STATUS_BADGE, ORDER_STATUS_LABELS } from "~/features/orders/order-status";

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge label={ORDER_STATUS_LABELS[status]} tone={ORDER_STATUS_BADGE[status]} testId="order-status" />;
}
