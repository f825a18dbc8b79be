import type { Db } from "~/db/database.server";
import type { InquiryStatus } from "~/db/schema";
import type { MessageKey } from "~/features/i18n/catalogue";
import type { Translate } from "~/features/i18n/translate";
import { buyerDocuments, SHARED_FROM } from "~/features/orders/buyer-order.server";
import { proformasOf } from "~/features/orders/order-proformas.server";
import { paymentsOf, termsOf } from "~/features/orders/order-reads.server";
import { whatIsDue } from "~/features/orders/payment-terms";
import { shipmentsOf } from "~/features/orders/shipment-reads.server";
import { shipmentReference } from "~/features/orders/shipping";
import { buyerQuoteState, type BuyerQuoteState } from "~/features/quotes/buyer-response.server";
import { quoteDay } from "~/features/quotes/quote-document";
import { isolatedIn } from "~/lib/i18n/bidi";
import type { Language } from "~/lib/i18n/languages";
import { formatMoney } from "~/lib/money";
import { siteToday } from "~/lib/site-time";
import { addressIn } from "./buyer-addresses.server";
import type { BuyerSession } from "./buyer-session.server";
import { againHref } from "./request-again.server";

// What a signed-in buyer reads on /account (issue 45): their requests, quotes, orders, shipments and documents, in
// the page's language. Everything is found by the buyer's addresses, never by an id from the request.

/** At most this many of each list (newest first): a buyer of a container a month has a few years' worth. */
const LIST_MAX = 50;

/** A request's status in the buyer's words: the desk's own steps (Contacted, Lost) are not theirs. */
const REQUEST_STATUS: Record<Exclude<InquiryStatus, "spam">, MessageKey> = {
  new: "account.request.received",
  contacted: "account.request.inProgress",
  quoted: "account.request.quoted",
  won: "account.request.ordered",
  lost: "account.request.closed",
  closed: "account.request.closed",
};

interface PageContext {
  t: Translate;
  lang: Language;
  now: number;
  timeZone: string;
}

async function requestsOf(db: Db, keys: string[], { t, lang, timeZone }: PageContext) {
  const inquiries = await db
    .selectFrom("inquiries")
    .select(["id", "kind", "status", "created_at", "subject", "product_name"])
    .where("email_key", "in", keys.length ? keys : [""])
    .where("status", "!=", "spam")
    .orderBy("created_at", "desc")
    .limit(LIST_MAX)
    .execute();
  const lines = inquiries.length
    ? await db
        .selectFrom("inquiry_lines")
        .select(["inquiry_id", "product_name", "quantity", "unit"])
        .where(
          "inquiry_id",
          "in",
          inquiries.map((inquiry) => inquiry.id),
        )
        .orderBy("position")
        .execute()
    : [];
  return inquiries.map((inquiry) => {
    const own = lines.filter((line) => line.inquiry_id === inquiry.id).map((line) => line.product_name);
    const about = own.length ? own.join(", ") : inquiry.product_name || inquiry.subject;
    return {
      id: inquiry.id,
      kind: t(`account.request.kind.${inquiry.kind}` as MessageKey),
      date: quoteDay(siteToday(Date.parse(inquiry.created_at), timeZone), lang),
      about: isolatedIn(lang, about),
      status: t(REQUEST_STATUS[inquiry.status as Exclude<InquiryStatus, "spam">]),
    };
  });
}

const QUOTE_STATE: Record<BuyerQuoteState, MessageKey> = {
  open: "account.quote.open",
  expired: "account.quote.expired",
  accepted: "account.quote.accepted",
  declined: "account.quote.declined",
  changes_requested: "account.quote.changesAsked",
  superseded: "account.quote.superseded",
  closed: "account.quote.closed",
};

async function quotesOf(db: Db, keys: string[], { t, lang, now, timeZone }: PageContext) {
  const rows = await db
    .selectFrom("quotes")
    .select(["id", "number", "revision", "status", "valid_until", "total_minor", "currency", "incoterm", "named_port"])
    .select(["token", "sent_at", "created_at"])
    .where(addressIn("buyer_email", keys))
    .where("token", "is not", null)
    .where("status", "!=", "draft")
    .orderBy("created_at", "desc")
    .execute();
  const today = siteToday(now, timeZone);
  // One entry per quote: its newest sent revision, which says where the deal stands.
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows)
    if (Number(row.revision) > Number(newest.get(row.number)?.revision ?? 0)) newest.set(row.number, row);
  const quotes = [...newest.values()].slice(0, LIST_MAX).map((quote) => {
    const accepted = rows.find(
      (row) => row.number === quote.number && row.status === "accepted" && row.id !== quote.id,
    );
    const state = buyerQuoteState(quote, today, accepted ? Number(accepted.revision) : null);
    return {
      id: quote.id,
      title: t("account.quote.title", { number: quote.number, revision: Number(quote.revision) }),
      date: quoteDay(siteToday(Date.parse(quote.sent_at ?? quote.created_at), timeZone), lang),
      total: `${formatMoney(Number(quote.total_minor), quote.currency, lang)} ${isolatedIn(lang, `${quote.incoterm} ${quote.named_port}`.trim())}`,
      state,
      stateText: t(QUOTE_STATE[state], { date: quoteDay(quote.valid_until, lang) }),
      href: `/quotes/${quote.token}`,
      pdfHref: `/quotes/${quote.token}/pdf`,
      againHref: againHref(lang, "quote", quote.id),
    };
  });
  // What waits for the buyer's answer first, then the newest.
  return quotes.sort((a, b) => Number(b.state === "open") - Number(a.state === "open"));
}

async function ordersOf(db: Db, keys: string[], { t, lang, now, timeZone }: PageContext) {
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where(addressIn("buyer_email", keys))
    .orderBy("created_at", "desc")
    .limit(LIST_MAX)
    .execute();
  if (!orders.length) return [];
  const today = siteToday(now, timeZone);
  const payments = await paymentsOf(
    db,
    orders.map((order) => order.id),
  );
  const money = (minor: number, currency: string) => formatMoney(minor, currency, lang);
  const day = (value: string) => quoteDay(value, lang);
  return Promise.all(
    orders.map(async (order) => {
      const due = whatIsDue(Number(order.total_minor), termsOf(order), payments.get(order.id) ?? [], today);
      const [proformas, shipments] = await Promise.all([proformasOf(db, order.id), shipmentsOf(db, order.id)]);
      const base = `/orders/${order.token}`;
      const documents: Array<{ id: string; name: string; number: string; href: string }> = [];
      if (proformas[0])
        documents.push({
          id: proformas[0].id,
          name: t("account.order.proforma"),
          number:
            Number(proformas[0].revision) > 1 ? `${order.number} · ${Number(proformas[0].revision)}` : order.number,
          href: `${base}/proforma.pdf`,
        });
      const shipmentViews = await Promise.all(
        shipments.map(async (shipment) => {
          const shared = await buyerDocuments(
            db,
            { orderId: order.id, shipmentId: shipment.id },
            shipment.status,
            today,
          );
          for (const d of shared)
            documents.push({
              id: d.id,
              name: t(`order.document.${d.kind}` as MessageKey),
              number: d.number,
              href: `${base}/documents/${d.id}`,
            });
          const vessel = [shipment.vessel, shipment.voyage].filter(Boolean).join(" ");
          return {
            id: shipment.id,
            title: shipmentReference(order.number, Number(shipment.position)),
            status: t(`order.shipmentStatus.${shipment.status}` as MessageKey),
            vessel: vessel ? isolatedIn(lang, vessel) : "",
            eta: shipment.eta ? day(shipment.eta) : "",
            documentsShared: SHARED_FROM.has(shipment.status),
          };
        }),
      );
      return {
        id: order.id,
        number: order.number,
        date: day(siteToday(Date.parse(order.created_at), timeZone)),
        status: t(`order.status.${order.status}` as MessageKey),
        total: money(Number(order.total_minor), order.currency),
        outstanding: due.outstandingMinor > 0 ? money(due.outstandingMinor, order.currency) : null,
        due: due.parts
          .filter((part) => part.outstandingMinor > 0)
          .map((part) => ({
            part: part.part,
            text: part.dueDate
              ? t(part.part === "advance" ? "account.order.advanceDue" : "account.order.balanceDue", {
                  amount: money(part.outstandingMinor, order.currency),
                  date: day(part.dueDate),
                })
              : t(part.part === "advance" ? "account.order.advanceOpen" : "account.order.balanceOpen", {
                  amount: money(part.outstandingMinor, order.currency),
                }),
          })),
        href: base,
        againHref: againHref(lang, "order", order.id),
        shipments: shipmentViews,
        documents,
      };
    }),
  );
}

/** The signed-in buyer's page: every list found by the buyer's addresses. */
export async function buyerAccountPage(db: Db, buyer: BuyerSession, context: PageContext) {
  const [requests, quotes, orders] = await Promise.all([
    requestsOf(db, buyer.emailKeys, context),
    quotesOf(db, buyer.emailKeys, context),
    ordersOf(db, buyer.emailKeys, context),
  ]);
  return { requests, quotes, orders };
}

export type BuyerAccountPage = Awaited<ReturnType<typeof buyerAccountPage>>;
