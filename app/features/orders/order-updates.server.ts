import { type Db, isPostgres } from "~/db/database.server";
import type { Order, OrderStatus } from "~/db/schema";
import { type Actor, actorName } from "~/lib/actor";
import { formatMoney, parsePriceMinor } from "~/lib/money";
import { siteToday } from "~/lib/site-time";
import { enqueueMail } from "~/features/outbox/outbox.server";
import { logOrder } from "./order-log.server";
import { orderMailAbout } from "./order-mail.server";
import { type Outcome, refusal } from "./outcome";
import { isOrderOpen, NEXT_STATUSES, ORDER_STATUS_LABELS } from "./order-status";
import { findOrder } from "./order-reads.server";
import type { PaymentTerms } from "./payment-terms";

const CHANGED_MEANWHILE = "This order was changed while you were editing: nothing was saved. Check it and save again.";
const CLOSED = (order: Pick<Order, "number" | "status">) =>
  `${order.number} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: it can no longer change.`;

/**
 * One versioned write to an open order: applied only if the order is still at the version the form was opened on
 * and still open, in the database's own condition, so two saves at once never both apply (ADR 0049). The refusal
 * carries the version now, so a save after reading it is a choice made knowingly.
 */
async function updateOrder(
  db: Db,
  id: string,
  version: number,
  title: string,
  change: (order: Order) => Outcome | Partial<Order>,
  log: (order: Order) => { action: "order-update" | "order-status"; summary: string },
  actor: Actor,
  now: number,
): Promise<Outcome<{ number: string }>> {
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!order) return refusal(404, title, "The order no longer exists.");
    if (!isOrderOpen(order.status)) return refusal(409, title, CLOSED(order));
    if (Number(order.version) !== version)
      return refusal(409, title, CHANGED_MEANWHILE, { version: String(order.version) });
    const values = change(order);
    if ("ok" in values) return values as Outcome<{ number: string }>;
    const at = new Date(now).toISOString();
    const updated = await trx
      .updateTable("orders")
      .set({ ...values, version: version + 1, updated_at: at })
      .where("id", "=", id)
      .where("version", "=", version)
      .where("status", "not in", ["completed", "cancelled"])
      .returning("id")
      .executeTakeFirst();
    if (!updated) return refusal(409, title, CHANGED_MEANWHILE);
    const entry = log({ ...order, ...values } as Order);
    await logOrder(trx, actor, order, entry.action, entry.summary, { at });
    return { ok: true as const, number: order.number };
  });
}

/** The consignee and notify party (issue 44: they default to the buyer). */
export function saveOrderParties(
  db: Db,
  actor: Actor,
  id: string,
  values: { version: number; consignee: string; notify_party: string },
  now: number,
) {
  return updateOrder(
    db,
    id,
    values.version,
    "Order Not Saved",
    () => ({ consignee: values.consignee, notify_party: values.notify_party }),
    (order) => ({ action: "order-update", summary: `${order.number}: consignee and notify party saved` }),
    actor,
    now,
  );
}

/** The payment terms, as data (the form's checked terms). */
export function saveOrderTerms(db: Db, actor: Actor, id: string, version: number, terms: PaymentTerms, now: number) {
  return updateOrder(
    db,
    id,
    version,
    "Payment Terms Not Saved",
    () => ({
      advance_percent: terms.advancePercent,
      advance_due_date: terms.advanceDueDate,
      balance_terms: terms.balance,
      balance_due_date: terms.balanceDueDate,
      lc_number: terms.lc?.number ?? null,
      lc_issuing_bank: terms.lc?.issuingBank ?? null,
      lc_expiry_date: terms.lc?.expiryDate ?? null,
      lc_latest_shipment_date: terms.lc?.latestShipmentDate ?? null,
      lc_usance_days: terms.lc?.usanceDays ?? null,
    }),
    (order) => ({ action: "order-update", summary: `${order.number}: payment terms saved` }),
    actor,
    now,
  );
}

/** A step of the order's life: only to a state its current one leads to (`NEXT_STATUSES`). */
export function setOrderStatus(db: Db, actor: Actor, id: string, version: number, to: OrderStatus, now: number) {
  return updateOrder(
    db,
    id,
    version,
    "Status Not Changed",
    (order) =>
      NEXT_STATUSES[order.status].includes(to)
        ? { status: to }
        : refusal(
            409,
            "Status Not Changed",
            `${order.number} is ${ORDER_STATUS_LABELS[order.status]}: it cannot become ${ORDER_STATUS_LABELS[to]}.`,
          ),
    (order) => ({ action: "order-status", summary: `${order.number}: ${ORDER_STATUS_LABELS[order.status]}` }),
    actor,
    now,
  );
}

/**
 * 'Record Payment': money that arrived against the advance or the balance, exact in the order's currency. Keyed by
 * the form's own key, so a form sent twice records it once; refused on a closed order, for a day still to come, or
 * when what was received would pass the order's total (a typo of a zero is the likelier story). With `mail`, the
 * buyer's 'payment received' email is written with it.
 */
export async function recordPayment(
  db: Db,
  actor: Actor,
  id: string,
  values: { key: string; part: "advance" | "balance"; amount: string; received_on: string; reference: string },
  { now, timeZone, mail = false }: { now: number; timeZone: string; mail?: boolean },
): Promise<Outcome<{ number: string; amount: string; existed: boolean; outboxId?: string }>> {
  const title = "Payment Not Recorded";
  return db.transaction().execute(async (trx) => {
    // Two payments at once must not both pass the total: the second waits for the first (SQLite writes one at a time).
    if (isPostgres(trx)) await trx.selectFrom("orders").select("id").where("id", "=", id).forUpdate().execute();
    const found = await findOrder(trx, id);
    if (!found) return refusal(404, title, "The order no longer exists.");
    const { order, payments } = found;
    const amountMinor = parsePriceMinor(values.amount, order.currency);
    const amount = amountMinor === null ? "" : formatMoney(amountMinor, order.currency);
    if (payments.some((payment) => payment.id === values.key))
      return { ok: true as const, number: order.number, amount, existed: true };
    if (order.status === "cancelled") return refusal(409, title, CLOSED(order));
    if (amountMinor === null || amountMinor <= 0)
      return refusal(400, title, `Enter the amount received in ${order.currency}, e.g. 3900.00.`, { field: "amount" });
    if (values.received_on > siteToday(now, timeZone))
      return refusal(400, title, "Received on cannot be a day still to come.", { field: "received_on" });
    const received = payments.reduce((sum, payment) => sum + Number(payment.amount_minor), 0);
    if (received + amountMinor > Number(order.total_minor))
      return refusal(
        400,
        title,
        `With this payment ${formatMoney(received + amountMinor, order.currency)} would be received, more than the order's total of ${formatMoney(Number(order.total_minor), order.currency)}.`,
        { field: "amount" },
      );
    const at = new Date(now).toISOString();
    const inserted = await trx
      .insertInto("order_payments")
      .values({
        id: values.key,
        order_id: id,
        part: values.part,
        amount_minor: amountMinor,
        received_on: values.received_on,
        reference: values.reference,
        recorded_by_id: actor.id,
        recorded_by_name: actorName(actor),
        created_at: at,
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return { ok: true as const, number: order.number, amount, existed: true };
    await logOrder(trx, actor, order, "order-payment", `${order.number}: ${amount} received (${values.part})`, {
      at,
      details: { reference: values.reference, receivedOn: values.received_on },
    });
    // The buyer hears of it (issue 44): written with the payment, sent after the commit.
    const outboxId = mail
      ? await enqueueMail(
          trx,
          { kind: "order-payment", about: orderMailAbout.payment(values.key), recipient: order.buyer_email },
          now,
        )
      : undefined;
    return { ok: true as const, number: order.number, amount, existed: false, outboxId };
  });
}
