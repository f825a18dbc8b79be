import { isLinkToken } from "~/lib/web/private-link";
import type { Db } from "~/db/database.server";
import type { MessageKey } from "~/features/i18n/catalogue";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { quoteDay, quoteDocument } from "~/features/quotes/quote-document";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { isolatedIn } from "~/lib/i18n/bidi";
import { formatMoney } from "~/lib/money";
import { siteToday } from "~/lib/site-time";
import { documentName, orderLanguage } from "./order-mail.server";
import { proformasOf } from "./order-proformas.server";
import { findOrder, termsOf } from "./order-reads.server";
import { asPayments } from "./order-summary.server";
import { whatIsDue } from "./payment-terms";
import { agreeingDocuments } from "./shipment-page.server";
import { shipmentsOf } from "./shipment-reads.server";
import { shipmentReference } from "./shipping";

/** The order behind a buyer's link, or undefined (an unknown or malformed token). */
export async function findOrderByToken(db: Db, token: string) {
  if (!isLinkToken(token)) return undefined;
  const row = await db.selectFrom("orders").select("id").where("token", "=", token).executeTakeFirst();
  return row && findOrder(db, row.id);
}

/** A shipment's documents are the buyer's once it has sailed (before, the set is still being made). */
export const SHARED_FROM: ReadonlySet<string> = new Set(["sailed", "arrived", "delivered"]);

/**
 * The documents of a shipment its buyer may open: once it has sailed, those 'Documents agree' finds no difference in
 * (or whose differences a person accepted). A document still in question is not sent out, here or anywhere.
 */
export async function buyerDocuments(
  db: Db,
  ids: { orderId: string; shipmentId: string },
  status: string,
  today: string,
) {
  return SHARED_FROM.has(status) ? agreeingDocuments(db, ids, today) : [];
}

/**
 * The order page its buyer reads (issue 44), all in the order's language: what was ordered, where it stands, the
 * proforma as last sent, the payments and what is still to pay, each shipment with its voyage and, once sailed, its
 * documents. Undefined: no such order.
 */
export async function buyerOrderPage(db: Db, token: string, { now, timeZone }: { now: number; timeZone: string }) {
  const found = await findOrderByToken(db, token);
  if (!found) return undefined;
  const { order, lines, payments } = found;
  const lang = orderLanguage(order);
  const { t } = wordingOf(lang);
  const typed = (text: string) => isolatedIn(lang, text);
  const money = (minor: number) => formatMoney(minor, order.currency, lang);
  const day = (value: string) => quoteDay(value, lang);
  const today = siteToday(now, timeZone);
  const [proformas, shipments] = await Promise.all([proformasOf(db, order.id), shipmentsOf(db, order.id)]);
  const document = quoteDocument(
    { ...order, revision: 1, payment_terms: "", lead_time: "", valid_until: today, notes: "", sent_at: null },
    lines,
    { t, lang, issuedDay: today },
  );
  const due = whatIsDue(Number(order.total_minor), termsOf(order), asPayments(payments), today);
  const latest = proformas[0];
  const base = `/orders/${token}`;
  return {
    documentLang: lang,
    company: COMPANY_NAME,
    title: t("order.title", { number: order.number }),
    ordered: t("order.page.ordered", { date: day(siteToday(Date.parse(order.created_at), timeZone)) }),
    status: { key: order.status, label: t(`order.status.${order.status}` as MessageKey) },
    cancelled: order.status === "cancelled" ? t("order.page.cancelled") : null,
    proforma: latest
      ? {
          href: `${base}/proforma.pdf`,
          label:
            Number(latest.revision) > 1
              ? t("order.page.proformaRevision", { revision: Number(latest.revision) })
              : t("order.page.proforma"),
        }
      : null,
    lines: document.lines,
    columns: document.columns,
    terms: document.termsText,
    total: document.total,
    payments: {
      parts: due.parts.map((part) => ({
        part: part.part,
        label: t(part.part === "advance" ? "order.page.advance" : "order.page.balance"),
        amount: money(part.amountMinor),
        due: part.dueDate && part.outstandingMinor > 0 ? t("order.page.dueBy", { date: day(part.dueDate) }) : null,
      })),
      received: money(due.parts.reduce((sum, part) => sum + part.paidMinor, 0)),
      outstanding: money(due.outstandingMinor),
      list: payments.map((payment) => ({
        id: payment.id,
        text: t("order.page.paymentReceived", {
          amount: money(Number(payment.amount_minor)),
          date: day(payment.received_on),
        }),
      })),
    },
    shipments: await Promise.all(
      shipments.map(async (shipment) => {
        const ids = { orderId: order.id, shipmentId: shipment.id };
        const documents = await buyerDocuments(db, ids, shipment.status, today);
        const vessel = [shipment.vessel, shipment.voyage].filter(Boolean).join(" ");
        const route = [shipment.port_of_loading, shipment.port_of_discharge].filter(Boolean).join(" → ");
        const facts: Array<[MessageKey, string]> = [
          ["order.page.vessel", vessel && typed(vessel)],
          ["order.page.route", route && typed(route)],
          ["order.page.etd", shipment.etd ? day(shipment.etd) : ""],
          ["order.page.eta", shipment.eta ? day(shipment.eta) : ""],
          ["order.page.bl", shipment.bl_number && typed(shipment.bl_number)],
          [
            "order.page.containersLabel",
            shipment.containers ? t("order.page.containers", { count: shipment.containers }) : "",
          ],
        ];
        return {
          id: shipment.id,
          title: t("order.page.shipment", { reference: shipmentReference(order.number, Number(shipment.position)) }),
          status: t(`order.shipmentStatus.${shipment.status}` as MessageKey),
          facts: facts.filter(([, value]) => value).map(([label, value]) => ({ label: t(label), value })),
          documents: documents.map((d) => ({
            id: d.id,
            name: documentName(t, d.kind),
            number: d.number,
            href: `${base}/documents/${d.id}`,
          })),
          documentsLater: SHARED_FROM.has(shipment.status) ? null : t("order.page.documentsLater"),
        };
      }),
    ),
    texts: {
      status: t("order.page.status"),
      payments: t("order.page.payments"),
      total: t("order.page.total"),
      received: t("order.page.received"),
      outstanding: t("order.page.outstanding"),
      noPayments: t("order.page.noPayments"),
      shipments: t("order.page.shipments"),
      noShipments: t("order.page.noShipments"),
      documents: t("order.page.documents"),
      question: t("order.page.question"),
      products: t("quote.products"),
    },
  };
}

export type BuyerOrderPage = NonNullable<Awaited<ReturnType<typeof buyerOrderPage>>>;
