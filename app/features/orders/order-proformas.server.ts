import { createHash } from "node:crypto";
import { type Db, isPostgres } from "~/db/database.server";
import type { Order } from "~/db/schema";
import { mailStateOf } from "~/features/outbox/mail-state";
import { enqueueMail, latestMailAbout, supersedePending } from "~/features/outbox/outbox.server";
import { type Actor, actorName } from "~/lib/actor";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { siteToday } from "~/lib/site-time";
import { newId } from "~/lib/time";
import { logOrder } from "./order-log.server";
import { deliverOrderMail, orderLink, orderMailAbout, type OrderServices } from "./order-mail.server";
import { findOrder, termsOf } from "./order-reads.server";
import { type Outcome, refusal } from "./outcome";
import { type ExporterRegistrations, exporterRegistrations, makeProformaPdf } from "./proforma-pdf.server";

const TITLE = "Proforma Not Sent";
const CHANGED_MEANWHILE =
  "This order was changed while you were reading it: nothing was sent. Check it and send the proforma again.";

/**
 * What a proforma prints that can change after the order is made (its lines, prices and buyer are frozen): the
 * payment terms, consignee and notify party, and the exporter's registrations. A send when these differ from the
 * last revision's makes the next revision; a status step or a payment does not.
 */
export function proformaContentKey(order: Order, registrations: ExporterRegistrations) {
  const printed = [
    order.consignee,
    order.notify_party,
    termsOf(order),
    order.bank_details,
    registrations.iec,
    registrations.apeda,
  ];
  return createHash("sha256").update(JSON.stringify(printed)).digest("base64url");
}

/** The proformas sent for an order, newest revision first. */
export const proformasOf = (db: Db, orderId: string) =>
  db.selectFrom("order_proformas").selectAll().where("order_id", "=", orderId).orderBy("revision", "desc").execute();

/** One sent proforma of an order (both ids must match). */
export const findProforma = (db: Db, orderId: string, proformaId: string) =>
  db
    .selectFrom("order_proformas")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("id", "=", proformaId)
    .executeTakeFirst();

/** A thrown refusal rolls back what the transaction wrote. */
class Refused extends Error {
  constructor(readonly outcome: Outcome<never>) {
    super("refused");
  }
}

/**
 * 'Send Proforma' (issue 44): the proforma emailed to the buyer with the order's link. The first send is revision 1;
 * sending again while the order is as it was sends that same revision again (its stored PDF); a send after the order
 * changed makes the next revision, stored as it goes, so what the buyer was sent is never edited silently. `version`
 * is the order's version the desk was looking at: an order changed since is refused, not sent unseen. The email
 * goes through the outbox with what it announces (ADR 0048).
 */
export async function sendProforma(
  services: OrderServices,
  actor: Actor,
  orderId: string,
  version: number,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<
  Outcome<{
    number: string;
    revision: number;
    fresh: boolean;
    link: string;
    emailed: boolean;
    emailError: string | null;
  }>
> {
  const { db, storage, config } = services;
  const found = await findOrder(db, orderId);
  if (!found) return refusal(404, TITLE, "The order no longer exists.");
  const { order } = found;
  if (order.status === "cancelled") return refusal(409, TITLE, `${order.number} is cancelled: no proforma is sent.`);
  if (Number(order.version) !== version)
    return refusal(409, TITLE, CHANGED_MEANWHILE, { version: String(order.version) });
  const [[latest], registrations] = await Promise.all([proformasOf(db, orderId), exporterRegistrations(db)]);
  const contentKey = proformaContentKey(order, registrations);
  const fresh = !latest || latest.content_key !== contentKey;
  // A new revision's PDF is made and stored before the transaction (PDFKit is slow for one): a send that loses a
  // race removes its file below.
  const revision = fresh ? Number(latest?.revision ?? 0) + 1 : Number(latest!.revision);
  const issuedDay = siteToday(now, timeZone);
  const id = fresh ? newId() : latest!.id;
  // Private: a stored name ending in `.document` is never served by the public media route (as shipment documents).
  const objectPath = fresh ? `order-proformas/${orderId}/${id}.pdf.document` : latest!.file_path;
  if (fresh) {
    const pdf = await makeProformaPdf(services, found, registrations, issuedDay, revision);
    await storage.put(objectPath, pdf.bytes, "application/pdf");
  }
  const mail = teamMailConfigured(config);
  const at = new Date(now).toISOString();
  try {
    const outboxId = await db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) await trx.selectFrom("orders").select("id").where("id", "=", orderId).forUpdate().execute();
      const current = await trx
        .selectFrom("orders")
        .select(["version", "status"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!current) throw new Refused(refusal(404, TITLE, "The order no longer exists."));
      if (Number(current.version) !== version || current.status === "cancelled")
        throw new Refused(refusal(409, TITLE, CHANGED_MEANWHILE, { version: String(current.version) }));
      if (fresh) {
        // The unique (order, revision) refuses a second revision made from the same look at the order.
        const inserted = await trx
          .insertInto("order_proformas")
          .values({
            id,
            order_id: orderId,
            revision,
            order_version: version,
            content_key: contentKey,
            issued_on: issuedDay,
            file_path: objectPath,
            recipient: order.buyer_email,
            sent_by_id: actor.id,
            sent_by_name: actorName(actor),
            sent_at: at,
          })
          .onConflict((conflict) => conflict.columns(["order_id", "revision"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted)
          throw new Refused(refusal(409, TITLE, `Revision ${revision} was sent a moment ago: it is not sent twice.`));
      }
      await logOrder(
        trx,
        actor,
        order,
        "order-proforma",
        `${order.number}: proforma revision ${revision} ${fresh ? "sent" : "sent again"} to ${order.buyer_email}`,
        { at, details: { proformaId: id, revision } },
      );
      if (!mail) return null;
      const about = orderMailAbout.proforma(id);
      await supersedePending(trx, about, "order-proforma");
      return enqueueMail(trx, { kind: "order-proforma", about, recipient: order.buyer_email }, now);
    });
    const mailed = await deliverOrderMail(services, outboxId, () => now);
    return { ok: true, number: order.number, revision, fresh, link: orderLink(config, order.token), ...mailed };
  } catch (error) {
    if (fresh) await storage.remove(objectPath).catch(() => undefined);
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/**
 * What the order page shows of its proformas: each sent revision (newest first) with its download, the newest's
 * email as it went, and what 'Send Proforma' will do now (the first, the same again, or the next revision).
 */
export async function proformaPanel(services: Pick<OrderServices, "db" | "config">, order: Order, timeZone: string) {
  const [sent, registrations] = await Promise.all([
    proformasOf(services.db, order.id),
    exporterRegistrations(services.db),
  ]);
  const latest = sent[0];
  const emailed = latest
    ? await latestMailAbout(services.db, orderMailAbout.proforma(latest.id), "order-proforma")
    : undefined;
  const unchanged = latest?.content_key === proformaContentKey(order, registrations);
  const next = !latest ? 1 : unchanged ? null : Number(latest.revision) + 1;
  return {
    revisions: sent.map((proforma) => ({
      id: proforma.id,
      revision: Number(proforma.revision),
      sentAt: proforma.sent_at,
      by: proforma.sent_by_name,
      to: proforma.recipient,
      href: `/admin/orders/${order.id}/proformas/${proforma.id}`,
    })),
    /** The revision a send would make; null: the newest is the order as it is, sent again as it was. */
    next,
    mailState: emailed ? mailStateOf(emailed, timeZone) : null,
    mail: teamMailConfigured(services.config),
    buyerLink: orderLink(services.config, order.token),
    buyerEmail: order.buyer_email,
  };
}
