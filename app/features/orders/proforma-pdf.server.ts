import type { Db } from "~/db/database.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { lineQuantityIn } from "~/features/inquiries/quote-text";
import { quoteTerms } from "~/features/quotes/quote-document";
import { APEDA_REGISTRATION_KEY, IEC_NUMBER_KEY } from "~/features/settings/site-fields";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { COLORS, CONTENT_WIDTH, longDate, PAGE, roomFor } from "~/features/spec-sheets/pdf-document.server";
import { sectionHeading, table } from "~/features/spec-sheets/pdf-layout.server";
import { mixedText, textHeight } from "~/features/spec-sheets/pdf-text.server";
import { pricedLinesTable } from "~/features/spec-sheets/priced-lines.server";
import type { BuiltPdf, SheetContext } from "~/features/spec-sheets/sheet-data.server";
import { formatMoney } from "~/lib/money";
import { siteToday } from "~/lib/site-time";
import {
  exporterParty,
  orderDocumentPdf,
  orderPdfResponse,
  partiesGrid,
  signatureBlock,
  titleAndFacts,
  type ExporterRegistrations,
  type OrderPdfServices,
} from "./order-pdf-parts.server";
import { termsOf, type findOrder } from "./order-reads.server";
import { describePaymentTerms } from "./payment-terms";

export type { ExporterRegistrations } from "./order-pdf-parts.server";

/** An order as `findOrder` reads it: the row, its frozen lines and its payments. */
export type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

const LEFT = PAGE.left;
const ENGLISH = "en";

/** "Proforma-SO-2026-0001.pdf", "Proforma-SO-2026-0001-rev2.pdf": the name the download is saved under. */
export const proformaFileName = (number: string, revision = 1) =>
  `Proforma-${number}${revision > 1 ? `-rev${revision}` : ""}.pdf`;

/** "Incoterms® 2020: CFR Jebel Ali": the rule of delivery with its named place, as customs and banks read it. */
export const incotermsLine = (order: { incoterm: string; named_port: string }) =>
  `Incoterms® 2020: ${quoteTerms(order)}`;

/** The IEC and APEDA numbers as stored in Site Settings (trimmed; empty when not set). */
export async function exporterRegistrations(db: Db): Promise<ExporterRegistrations> {
  const rows = await db
    .selectFrom("site_settings")
    .select(["setting_key", "setting_value"])
    .where("setting_key", "in", [IEC_NUMBER_KEY, APEDA_REGISTRATION_KEY])
    .execute();
  const value = (key: string) => rows.find((row) => row.setting_key === key)?.setting_value.trim() ?? "";
  return { iec: value(IEC_NUMBER_KEY), apeda: value(APEDA_REGISTRATION_KEY) };
}

/**
 * An order's proforma invoice (issue 44), in English as customs and banks want it, in the spec sheet's design: the
 * exporter with its IEC and APEDA numbers, the buyer, consignee and notify party, the frozen lines with their HS
 * codes, the total, the Incoterm with its place, the payment terms and the bank details frozen into the order.
 * `issuedDay`: the date it carries (YYYY-MM-DD); `revision`: the sent revision it is (none on the desk's preview). No
 * validity is printed: the order is already agreed, and the quote's validity ended with its acceptance.
 */
export async function makeProformaPdf(
  services: OrderPdfServices,
  found: FoundOrder,
  settings: ExporterRegistrations,
  issuedDay: string,
  revision?: number,
): Promise<BuiltPdf> {
  const { order } = found;
  const orderDay = siteToday(Date.parse(order.created_at), await siteTimeZone(services.db));
  const title = `Proforma Invoice ${order.number}`;
  return orderDocumentPdf(
    services,
    {
      title,
      label: "Proforma Invoice",
      day: issuedDay,
      subject: (company) =>
        `Proforma invoice ${order.number} from ${company} to ${order.buyer_company || order.buyer_name}`,
    },
    (doc, context, top) => drawProforma(doc, found, { context, settings, issuedDay, orderDay, title, revision }, top),
  );
}

/** Column shares of the lines table: the product wraps, the others are one line each. */
const COLUMNS = { product: 0.3, hsCode: 0.12, quantity: 0.2, unitPrice: 0.19, amount: 0.19 };

function drawProforma(
  doc: PDFKit.PDFDocument,
  { order, lines }: FoundOrder,
  facts: {
    context: SheetContext;
    settings: ExporterRegistrations;
    issuedDay: string;
    orderDay: string;
    title: string;
    revision?: number;
  },
  top: number,
) {
  const { context, settings } = facts;
  const { t } = wordingOf(ENGLISH);
  const money = (minor: number | string) => formatMoney(Number(minor), order.currency);
  const totalMinor = Number(order.total_minor);

  let y = titleAndFacts(
    doc,
    facts.title,
    [
      { label: "Invoice number", value: order.number },
      ...(facts.revision ? [{ label: "Revision", value: String(facts.revision) }] : []),
      { label: "Date", value: longDate(facts.issuedDay) },
      { label: "Order date", value: longDate(facts.orderDay) },
      { label: "Our quotation", value: `${order.quote_number} v${order.quote_revision}` },
    ],
    top,
  );

  y = sectionHeading(doc, "Parties", LEFT, roomFor(doc, y + 18, 120), CONTENT_WIDTH);
  const buyer = [
    order.buyer_company || order.buyer_name,
    order.buyer_company ? `Attn. ${order.buyer_name}` : "",
    order.buyer_country ?? "",
    order.buyer_email,
  ];
  y = partiesGrid(doc, y, [
    { label: "Exporter", text: exporterParty(context, settings) },
    { label: "Buyer", text: buyer.filter(Boolean).join("\n") },
    { label: "Consignee", text: order.consignee.trim() || "As the buyer" },
    { label: "Notify party", text: order.notify_party.trim() || "As the consignee" },
  ]);

  y = sectionHeading(doc, "Terms of sale", LEFT, roomFor(doc, y + 18, 80), CONTENT_WIDTH);
  y = table(
    doc,
    [
      { label: "Delivery", value: incotermsLine(order) },
      { label: "Currency", value: order.currency },
      { label: "Payment", value: describePaymentTerms(termsOf(order), order.currency, totalMinor) },
    ],
    { x: LEFT, y, width: CONTENT_WIDTH, labelWidth: 130 },
  );

  y = sectionHeading(doc, "Goods", LEFT, roomFor(doc, y + 18, 80), CONTENT_WIDTH);
  y = pricedLinesTable(
    doc,
    {
      columns: [
        { label: "Description of goods", share: COLUMNS.product },
        { label: "HS code", share: COLUMNS.hsCode },
        { label: "Quantity", share: COLUMNS.quantity },
        { label: "Unit price", share: COLUMNS.unitPrice },
        { label: "Amount", share: COLUMNS.amount },
      ],
      lines: lines.map((line) => ({
        product: line.product_name,
        details: [line.grade && `Grade: ${line.grade}`, line.packaging && `Packing: ${line.packaging}`]
          .filter(Boolean)
          .join(" · "),
        cells: [
          line.hs_code || "—",
          lineQuantityIn(t, line),
          // The unit is the quantity's ("29 MT"): "USD 12,345.00 per 40 ft container" would not fit its column.
          money(line.unit_price_minor),
          money(line.line_total_minor),
        ],
      })),
      total: { label: `Total ${quoteTerms(order)}`, amount: money(totalMinor) },
    },
    y,
  );

  const bank = order.bank_details.trim();
  if (bank) {
    y = sectionHeading(
      doc,
      "Bank details for payment",
      LEFT,
      roomFor(doc, y + 18, 40 + bankHeight(doc, bank)),
      CONTENT_WIDTH,
    );
    y = mixedText(doc, bank, LEFT, y, CONTENT_WIDTH, { size: 9.5, color: COLORS.ink, lineGap: 2 });
  }

  signatureBlock(doc, y + 24, context.company);
}

const bankHeight = (doc: PDFKit.PDFDocument, text: string) =>
  textHeight(doc, text, CONTENT_WIDTH, { size: 9.5, lineGap: 2 });

/**
 * The proforma as a download for the desk (below the admin guard): made from the order each time, dated the site's
 * today, kept by no cache (it carries the buyer's details and the bank account) and never indexed.
 */
export async function proformaPdfResponse(
  services: OrderPdfServices,
  found: FoundOrder,
  now: number,
): Promise<Response> {
  const [settings, timeZone] = await Promise.all([exporterRegistrations(services.db), siteTimeZone(services.db)]);
  const pdf = await makeProformaPdf(services, found, settings, siteToday(now, timeZone));
  return orderPdfResponse(pdf.bytes, proformaFileName(found.order.number));
}
