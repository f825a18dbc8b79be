import type { OrderStatus } from "~/db/schema";

/** How the back office names an order's state (issue 44). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: "Confirmed",
  in_production: "In Production",
  shipped: "Shipped",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const ORDER_STATUS_BADGE: Record<OrderStatus, string> = {
  confirmed: "bg-blue-100 text-blue-900",
  in_production: "bg-amber-100 text-amber-900",
  shipped: "bg-indigo-100 text-indigo-900",
  completed: "bg-green-100 text-green-900",
  cancelled: "bg-slate-100 text-slate-700",
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];
export const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

/**
 * Where an order may go from each state: forward one step, or cancelled before it ships. Completed and cancelled
 * are final (a mistaken 'Completed' is a conversation, not a button).
 */
export const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  confirmed: ["in_production", "cancelled"],
  in_production: ["shipped", "cancelled"],
  shipped: ["completed"],
  completed: [],
  cancelled: [],
};

/** What the button that moves an order into each state says. */
export const STATUS_ACTION_LABELS: Record<OrderStatus, string> = {
  confirmed: "Confirm",
  in_production: "Mark In Production",
  shipped: "Mark Shipped",
  completed: "Mark Completed",
  cancelled: "Cancel Order",
};

/** An order whose terms, parties and payments can still change. */
export const isOrderOpen = (status: OrderStatus) => status !== "completed" && status !== "cancelled";

/** Orders per page of the list. */
export const ORDERS_PAGE_SIZE = 50;

/** How far ahead a payment shows on the dashboard's 'Payments Due' before it is due, in days. */
export const PAYMENTS_DUE_AHEAD_DAYS = 14;
