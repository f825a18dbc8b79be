import { siteOrigin, type AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import type { Order } from "~/db/schema";
import { wordingOf } from "~/features/i18n/catalogues.server";
import type { MessageKey } from "~/features/i18n/catalogue";
import { deliverMessage, type OutboxMessage } from "~/features/outbox/outbox.server";
import { quoteDay, quoteTerms } from "~/features/quotes/quote-document";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { isolatedIn } from "~/lib/i18n/bidi";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_INFO, type Language } from "~/lib/i18n/languages";
import { escapeHtml, greetingName, sendMail, siteSender, teamMailConfigured } from "~/lib/mail/mail.server";
import { formatMoney } from "~/lib/money";
import { siteToday } from "~/lib/site-time";
import type { Storage } from "~/lib/storage/storage.server";
import { findOrder, termsOf } from "./order-reads.server";
import { asPayments } from "./order-summary.server";
import { whatIsDue } from "./payment-terms";
import { proformaFileName } from "./proforma-pdf.server";
import { shipmentReference } from "./shipping";

/** What an order's emails need. */
export interface OrderServices {
  db: Db;
  config: AppConfig;
  storage: Storage;
}

/** The outbox's `about` of each email an order's buyer gets (issue 44). */
export const orderMailAbout = {
  proforma: (proformaId: string) => `proforma:${proformaId}`,
  shipment: (shipmentId: string) => `shipment:${shipmentId}`,
  payment: (paymentId: string) => `payment:${paymentId}`,
};

/** The buyer's own address of an order: `/orders/{token}` on the site's public origin (never cached, never indexed). */
export const orderLink = (config: Pick<AppConfig, "publicUrl" | "port">, token: string) =>
  `${siteOrigin(config)}/orders/${token}`;

/** The order's language: its quote's, English when that is not one the site has. */
export const orderLanguage = (order: Pick<Order, "lang">): Language =>
  isLanguage(order.lang) ? order.lang : DEFAULT_LANGUAGE;

type Paragraph = string | { text: string; link: string };

/**
 * One email to an order's buyer in the order's language: the greeting, the paragraphs, the order's link and the
 * reply line; plain text and HTML saying the same, everything escaped in the HTML.
 */
export function orderEmailContent(
  order: Pick<Order, "lang" | "buyer_name" | "token">,
  { subject, paragraphs, link }: { subject: string; paragraphs: Paragraph[]; link: string },
) {
  const lang = orderLanguage(order);
  const { t } = wordingOf(lang);
  const name = greetingName(order.buyer_name);
  const greeting = name ? t("quote.email.greeting", { name }) : t("quote.email.greetingNoName");
  const all: Paragraph[] = [greeting, ...paragraphs, { text: t("order.email.link"), link }, t("quote.email.reply")];
  const text = [...all.map((p) => (typeof p === "string" ? p : `${p.text}\n${p.link}`)), COMPANY_NAME].join("\n\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${lang}" dir="${LANGUAGE_INFO[lang].dir}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1c2521;line-height:1.5">
${all
  .map((p) =>
    typeof p === "string"
      ? `<p>${e(p).replace(/\n/g, "<br>")}</p>`
      : `<p>${e(p.text)}<br><a href="${e(p.link)}">${e(p.link)}</a></p>`,
  )
  .join("\n")}
<p>${e(COMPANY_NAME)}</p>
</body></html>
`;
  return { subject, text, html };
}

/** The proforma email: the revision's PDF, as it was stored when it was sent, attached. */
async function proformaEmail(services: OrderServices, proformaId: string) {
  const proforma = await services.db
    .selectFrom("order_proformas")
    .selectAll()
    .where("id", "=", proformaId)
    .executeTakeFirst();
  const found = proforma && (await findOrder(services.db, proforma.order_id));
  if (!proforma || !found) throw new Error("the proforma no longer exists");
  const { order } = found;
  const { t } = wordingOf(orderLanguage(order));
  const money = formatMoney(Number(order.total_minor), order.currency, orderLanguage(order));
  const terms = isolatedIn(orderLanguage(order), quoteTerms(order));
  const content = orderEmailContent(order, {
    subject: t("order.proforma.subject", { number: order.number, company: COMPANY_NAME }),
    paragraphs: [
      t("order.proforma.intro", { number: order.number }),
      ...(proforma.revision > 1 ? [t("order.proforma.revised", { revision: proforma.revision })] : []),
      t("quote.email.total", { total: money, terms }),
    ],
    link: orderLink(services.config, order.token),
  });
  const pdf = Buffer.from(await new Response(services.storage.read(proforma.file_path)).arrayBuffer());
  const filename = proformaFileName(order.number, proforma.revision);
  return { order, content, attachments: [{ filename, content: pdf, contentType: "application/pdf" }] };
}

/** The shipment-sailed email: vessel, route, bill of lading, ETA and the documents now on the order's page. */
async function shipmentEmail(services: OrderServices, shipmentId: string) {
  const { db } = services;
  const shipment = await db.selectFrom("shipments").selectAll().where("id", "=", shipmentId).executeTakeFirst();
  const order =
    shipment && (await db.selectFrom("orders").selectAll().where("id", "=", shipment.order_id).executeTakeFirst());
  if (!shipment || !order) throw new Error("the shipment no longer exists");
  const lang = orderLanguage(order);
  const { t } = wordingOf(lang);
  const typed = (text: string) => isolatedIn(lang, text);
  const reference = shipmentReference(order.number, Number(shipment.position));
  const kinds = await db
    .selectFrom("shipment_documents")
    .select("kind")
    .distinct()
    .where("shipment_id", "=", shipment.id)
    .execute();
  const vessel = [shipment.vessel, shipment.voyage].filter(Boolean).join(" ");
  const facts = [
    vessel && t("order.shipment.vessel", { vessel: typed(vessel) }),
    shipment.port_of_loading &&
      shipment.port_of_discharge &&
      t("order.shipment.route", { from: typed(shipment.port_of_loading), to: typed(shipment.port_of_discharge) }),
    shipment.bl_number && t("order.shipment.bl", { number: typed(shipment.bl_number) }),
    shipment.eta && t("order.shipment.eta", { date: quoteDay(shipment.eta, lang) }),
  ].filter(Boolean);
  const documents = kinds.map((row) => documentName(t, row.kind));
  const content = orderEmailContent(order, {
    subject: t("order.shipment.subject", { number: order.number, reference }),
    paragraphs: [
      t("order.shipment.intro", { number: order.number, reference }),
      ...(facts.length ? [facts.join("\n")] : []),
      ...(documents.length ? [t("order.shipment.documents", { documents: documents.join(", ") })] : []),
    ],
    link: orderLink(services.config, order.token),
  });
  return { order, content, attachments: [] };
}

/** The payment-received email: how much, on which day, and what is still to pay. */
async function paymentEmail(services: OrderServices, paymentId: string) {
  const payment = await services.db
    .selectFrom("order_payments")
    .selectAll()
    .where("id", "=", paymentId)
    .executeTakeFirst();
  const found = payment && (await findOrder(services.db, payment.order_id));
  if (!payment || !found) throw new Error("the payment no longer exists");
  const { order, payments } = found;
  const lang = orderLanguage(order);
  const { t } = wordingOf(lang);
  const money = (minor: number) => formatMoney(minor, order.currency, lang);
  const today = siteToday(Date.now(), await siteTimeZone(services.db));
  const due = whatIsDue(Number(order.total_minor), termsOf(order), asPayments(payments), today);
  const content = orderEmailContent(order, {
    subject: t("order.payment.subject", { number: order.number }),
    paragraphs: [
      t("order.payment.intro", {
        amount: money(Number(payment.amount_minor)),
        number: order.number,
        date: quoteDay(payment.received_on, lang),
      }),
      due.outstandingMinor > 0
        ? t("order.payment.outstanding", { amount: money(due.outstandingMinor) })
        : t("order.payment.paid"),
    ],
    link: orderLink(services.config, order.token),
  });
  return { order, content, attachments: [] };
}

/** A shipping document's name in the buyer's language ("Phytosanitary certificate"). */
export const documentName = (t: ReturnType<typeof wordingOf>["t"], kind: string) =>
  t(`order.document.${kind}` as MessageKey);

const EMAILS = { proforma: proformaEmail, shipment: shipmentEmail, payment: paymentEmail };

/**
 * Sends one of an order's emails from the outbox, made when it goes (what it announces is stored and frozen, so it
 * says what happened). Throws when the mail server refuses it; false when mail is off.
 */
export const sendOrderMessage =
  (services: OrderServices) =>
  async (message: OutboxMessage): Promise<boolean> => {
    if (!teamMailConfigured(services.config)) return false;
    const [what, id] = message.about.split(":") as [keyof typeof EMAILS, string];
    const email = EMAILS[what];
    if (!email || !id) throw new Error(`no order email is about ${message.about}`);
    const { content, attachments } = await email(services, id);
    await sendMail(services.config, {
      from: siteSender(services.config, COMPANY_NAME),
      to: message.recipient,
      replyTo: services.config.inquiryNotifyTo!,
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments,
    });
    return true;
  };

/** The first try of an order's email, right after the commit that wrote it; later tries are the outbox timer's. */
export async function deliverOrderMail(services: OrderServices, outboxId: string | null, clock: () => number) {
  if (!outboxId) return { emailed: false, emailError: null };
  const outcome = await deliverMessage(services.db, outboxId, sendOrderMessage(services), clock);
  return { emailed: outcome.sent, emailError: outcome.error };
}
