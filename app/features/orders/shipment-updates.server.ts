import { type Db, isPostgres } from "~/db/database.server";
import type { Order, Shipment, ShipmentStatus } from "~/db/schema";
import { enqueueMail } from "~/features/outbox/outbox.server";
import type { Actor } from "~/lib/actor";
import { newId } from "~/lib/time";
import { logOrder } from "./order-log.server";
import { orderMailAbout } from "./order-mail.server";
import { type Outcome, refusal } from "./outcome";
import type { ContainerRow, ShipmentValues } from "./shipment-forms.schema";
import { findShipment, type FoundShipment } from "./shipment-reads.server";
import { CONTAINER_TYPE_LABELS, NEXT_SHIPMENT_STATUS, SHIPMENT_STATUS_LABELS, shipmentReference } from "./shipping";

const CHANGED_MEANWHILE =
  "This shipment was changed while you were editing: nothing was saved. Check it and save again.";
/** Containers are packed before the ship sails; after that the packing list is history. */
const isPacking = (shipment: Pick<Shipment, "status">) =>
  shipment.status === "planned" || shipment.status === "stuffed";

/** The open order a shipment is added to, locked on PostgreSQL so two 'Add Shipment' at once get 1 and 2. */
async function openOrder(trx: Db, orderId: string) {
  if (isPostgres(trx)) await trx.selectFrom("orders").select("id").where("id", "=", orderId).forUpdate().execute();
  return trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}

/** 'Add Shipment': the next shipment of an open order (partial shipments are several), planned. */
export async function addShipment(
  db: Db,
  actor: Actor,
  orderId: string,
  values: ShipmentValues,
  now: number,
): Promise<Outcome<{ id: string; reference: string }>> {
  const title = "Shipment Not Added";
  return db.transaction().execute(async (trx) => {
    const order = await openOrder(trx, orderId);
    if (!order) return refusal(404, title, "The order no longer exists.");
    if (order.status === "cancelled" || order.status === "completed")
      return refusal(409, title, `${order.number} is ${order.status}: it takes no more shipments.`);
    const last = await trx
      .selectFrom("shipments")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    const position = Number(last?.last ?? 0) + 1;
    const at = new Date(now).toISOString();
    const id = newId();
    await trx
      .insertInto("shipments")
      .values({
        id,
        order_id: orderId,
        position,
        status: "planned",
        version: 1,
        ...columnsOf(values),
        port_of_discharge: values.port_of_discharge || order.named_port,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const reference = shipmentReference(order.number, position);
    await logOrder(trx, actor, order, "shipment-update", `${reference}: shipment added`, {
      at,
      details: { shipmentId: id },
    });
    return { ok: true as const, id, reference };
  });
}

const columnsOf = (values: ShipmentValues) => ({
  shipping_line: values.shipping_line,
  vessel: values.vessel,
  voyage: values.voyage,
  port_of_loading: values.port_of_loading,
  port_of_discharge: values.port_of_discharge,
  etd: values.etd || null,
  eta: values.eta || null,
  bl_number: values.bl_number,
  bl_date: values.bl_date || null,
});

/**
 * One versioned change to a shipment (ADR 0049): applied only at the version the page was opened on, so two saves
 * at once never both apply; logged on the deal's timeline.
 */
async function updateShipment<Extra extends object = object>(
  db: Db,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  version: number,
  title: string,
  change: (shipment: Shipment, found: FoundShipment) => Outcome | Partial<Shipment>,
  log: { action: "shipment-update" | "shipment-status"; summary: (reference: string, shipment: Shipment) => string },
  now: number,
  /** What else the change writes, in its transaction (the order shipped, the buyer's email). */
  after?: (trx: Db, found: FoundShipment, at: string) => Promise<Extra>,
): Promise<Outcome<{ reference: string } & Partial<Extra>>> {
  return db.transaction().execute(async (trx) => {
    const found = await findShipment(trx, ids.orderId, ids.shipmentId);
    if (!found) return refusal(404, title, "The shipment no longer exists.");
    const { order, shipment } = found;
    if (Number(shipment.version) !== version)
      return refusal(409, title, CHANGED_MEANWHILE, { version: String(shipment.version) });
    const values = change(shipment, found);
    if ("ok" in values) return values as Outcome<{ reference: string }>;
    const at = new Date(now).toISOString();
    const updated = await trx
      .updateTable("shipments")
      .set({ ...values, version: version + 1, updated_at: at })
      .where("id", "=", shipment.id)
      .where("version", "=", version)
      .returning("id")
      .executeTakeFirst();
    if (!updated) return refusal(409, title, CHANGED_MEANWHILE);
    const reference = shipmentReference(order.number, Number(shipment.position));
    await logOrder(trx, actor, order, log.action, log.summary(reference, { ...shipment, ...values } as Shipment), {
      at,
      details: { shipmentId: shipment.id },
    });
    const extra = after ? await after(trx, found, at) : undefined;
    return { ok: true as const, reference, ...extra };
  });
}

/** The shipment's voyage and bill of lading, as the shipping line gives them. */
export function saveShipment(
  db: Db,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  version: number,
  values: ShipmentValues,
  now: number,
) {
  return updateShipment(
    db,
    actor,
    ids,
    version,
    "Shipment Not Saved",
    () => columnsOf(values),
    { action: "shipment-update", summary: (reference) => `${reference}: voyage details saved` },
    now,
  );
}

/**
 * A step of the voyage: only the next one (`NEXT_SHIPMENT_STATUS`); stuffed needs a container. Each step is on the
 * deal's timeline with its time, shown in the site's time zone.
 */
export function setShipmentStatus(
  db: Db,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  version: number,
  to: ShipmentStatus,
  now: number,
  { mail = false }: { mail?: boolean } = {},
) {
  const title = "Status Not Changed";
  return updateShipment<{ outboxId?: string }>(
    db,
    actor,
    ids,
    version,
    title,
    (shipment, { containers }) => {
      if (NEXT_SHIPMENT_STATUS[shipment.status] !== to)
        return refusal(
          409,
          title,
          `This shipment is ${SHIPMENT_STATUS_LABELS[shipment.status]}: it cannot become ${SHIPMENT_STATUS_LABELS[to]}.`,
        );
      if (to === "stuffed" && containers.length === 0)
        return refusal(409, title, "Add the containers before marking the shipment stuffed.");
      return { status: to };
    },
    { action: "shipment-status", summary: (reference, s) => `${reference}: ${SHIPMENT_STATUS_LABELS[s.status]}` },
    now,
    (trx, found, at) => (to === "sailed" ? shipmentSailed(trx, actor, found, at, mail) : Promise.resolve({})),
  );
}

/** Statuses an order leaves for Shipped when one of its shipments sails. */
const SHIPS_FROM: ReadonlyArray<Order["status"]> = ["confirmed", "in_production"];

/**
 * A shipment sailed: its order is Shipped (from Confirmed or In Production, a step on its timeline) and, when mail
 * is on, the buyer's email (vessel, bill of lading, ETA, the documents) is written to the outbox with it.
 */
async function shipmentSailed(
  trx: Db,
  actor: Actor,
  { order, shipment }: FoundShipment,
  at: string,
  mail: boolean,
): Promise<{ outboxId?: string }> {
  if (SHIPS_FROM.includes(order.status)) {
    await trx
      .updateTable("orders")
      .set((eb) => ({ status: "shipped", version: eb("version", "+", 1), updated_at: at }))
      .where("id", "=", order.id)
      .where("status", "in", SHIPS_FROM)
      .execute();
    const reference = shipmentReference(order.number, Number(shipment.position));
    await logOrder(trx, actor, order, "order-status", `${order.number}: Shipped (${reference} sailed)`, { at });
  }
  if (!mail) return {};
  const message = { kind: "order-shipment" as const, about: orderMailAbout.shipment(shipment.id) };
  return { outboxId: await enqueueMail(trx, { ...message, recipient: order.buyer_email }, Date.parse(at)) };
}

/** 'Add Container': a container and what it carries of the order's lines, while the shipment is being packed. */
export async function addContainer(
  db: Db,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  container: {
    number: string;
    seal: string;
    container_type: keyof typeof CONTAINER_TYPE_LABELS;
    set_temperature: string;
  },
  rows: ContainerRow[],
  now: number,
): Promise<Outcome<{ reference: string }>> {
  const title = "Container Not Added";
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx))
      await trx.selectFrom("shipments").select("id").where("id", "=", ids.shipmentId).forUpdate().execute();
    const found = await findShipment(trx, ids.orderId, ids.shipmentId);
    if (!found) return refusal(404, title, "The shipment no longer exists.");
    const { order, shipment, containers, lines } = found;
    if (!isPacking(shipment))
      return refusal(409, title, `This shipment has ${shipment.status}: its containers can no longer change.`);
    if (containers.some((existing) => existing.number === container.number))
      return refusal(409, title, `${container.number} is already in this shipment.`, { field: "number" });
    const orderLines = new Set(lines.map((line) => line.id));
    if (rows.some((row) => !orderLines.has(row.orderLineId)))
      return refusal(409, title, "The order's lines changed: reload the shipment.");
    const at = new Date(now).toISOString();
    const id = newId();
    await trx
      .insertInto("shipment_containers")
      .values({
        id,
        shipment_id: shipment.id,
        position: Math.max(0, ...containers.map((c) => Number(c.position))) + 1,
        number: container.number,
        seal: container.seal,
        container_type: container.container_type,
        set_temperature: container.container_type === "reefer" ? container.set_temperature : null,
        created_at: at,
      })
      .execute();
    await trx
      .insertInto("container_lines")
      .values(
        rows.map((row) => ({
          id: newId(),
          container_id: id,
          order_line_id: row.orderLineId,
          quantity: row.quantity,
          packages: row.packages,
          package_kind: row.packageKind,
          net_kg: row.netKg,
          gross_kg: row.grossKg,
        })),
      )
      .execute();
    const reference = shipmentReference(order.number, Number(shipment.position));
    await logOrder(trx, actor, order, "shipment-update", `${reference}: container ${container.number} added`, {
      at,
      details: { shipmentId: shipment.id },
    });
    return { ok: true as const, reference };
  });
}

/** 'Remove' on a container added by mistake, while the shipment is being packed. */
export async function removeContainer(
  db: Db,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  containerId: string,
  now: number,
): Promise<Outcome<{ number: string }>> {
  const title = "Container Not Removed";
  return db.transaction().execute(async (trx) => {
    const found = await findShipment(trx, ids.orderId, ids.shipmentId);
    const container = found?.containers.find((c) => c.id === containerId);
    if (!found || !container) return refusal(404, title, "The container is no longer in this shipment.");
    if (!isPacking(found.shipment))
      return refusal(409, title, `This shipment has ${found.shipment.status}: its containers can no longer change.`);
    await trx.deleteFrom("shipment_containers").where("id", "=", containerId).execute();
    const reference = shipmentReference(found.order.number, Number(found.shipment.position));
    await logOrder(trx, actor, found.order, "shipment-update", `${reference}: container ${container.number} removed`, {
      at: new Date(now).toISOString(),
      details: { shipmentId: found.shipment.id },
    });
    return { ok: true as const, number: container.number };
  });
}
