import { siteOrigin } from "~/config.server";
import { quoteTerms } from "~/features/quotes/quote-document";
import {
  COLORS,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  longDate,
  PAGE,
  roomFor,
} from "~/features/spec-sheets/pdf-document.server";
import { sectionHeading, table, type Row } from "~/features/spec-sheets/pdf-layout.server";
import { mixedText, singleMixedLine, textHeight, type TextStyle } from "~/features/spec-sheets/pdf-text.server";
import { pricedLinesTable } from "~/features/spec-sheets/priced-lines.server";
import type { BuiltPdf, SheetContext } from "~/features/spec-sheets/sheet-data.server";
import { formatMoney } from "~/lib/money";
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
import { drawLineLots, LOT_ROW_HEIGHT, lotRows } from "./packing-list-lots.server";
import { exporterRegistrations, incotermsLine } from "./proforma-pdf.server";
import { groupDecimal, kilograms, MADE_DOCUMENTS, type MadeDocumentContent } from "./shipping";

// A shipment's 'Commercial Invoice' and 'Packing List' (issue 44), drawn only from what the made document froze
// (`MadeDocumentContent`), so the PDF says exactly what 'Documents agree' compared. English, in the proforma's design.

const LEFT = PAGE.left;

/** "Commercial-Invoice-CI-2026-0001.pdf", "Packing-List-PL-2026-0001.pdf": the name the download is saved under. */
export const shippingDocumentFileName = (content: Pick<MadeDocumentContent, "kind" | "number">) =>
  `${MADE_DOCUMENTS[content.kind].label.replace(/ /g, "-")}-${content.number}.pdf`;

/** "29 MT", "2 × 40 ft containers": a shipped quantity with its unit, the number as typed. */
export function quantityText(quantity: string, unit: string): string {
  const number = groupDecimal(quantity);
  if (!/container$/.test(unit)) return `${number} ${unit}`.trim();
  return `${number} × ${unit}${number === "1" ? "" : "s"}`;
}

/** "Container MSCU1234566 · Seal 123 · 40 ft HC · set at 2 °C": a container as the packing list heads it. */
export const containerHeading = (container: MadeDocumentContent["containers"][number]) =>
  [
    `Container ${container.number}`,
    container.seal && `Seal ${container.seal}`,
    container.type,
    container.setTemperature && `set at ${container.setTemperature}`,
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * The commercial invoice or the packing list (by `content.kind`) as it was made: the number (and its revision), the
 * parties with the exporter's IEC and APEDA numbers, the vessel and the ports; the invoice then prices the goods and
 * states the weights and the payment terms, the packing list lists each container's lines and weights, without a price,
 * and under each line its lots with their QR codes (issue 45).
 */
export async function makeShippingDocumentPdf(
  services: OrderPdfServices,
  content: MadeDocumentContent,
  settings: ExporterRegistrations,
): Promise<BuiltPdf> {
  const label = MADE_DOCUMENTS[content.kind].label;
  const title = `${label} ${content.number}${content.revision > 1 ? ` (revision ${content.revision})` : ""}`;
  return orderDocumentPdf(
    services,
    {
      title,
      label,
      day: content.issuedOn,
      subject: (company) => `${label} ${content.number} from ${company} for order ${content.order.number}`,
    },
    (doc, context, top) => {
      const y = drawCommonPart(doc, content, { context, settings, title }, top);
      const end =
        content.kind === "commercial-invoice"
          ? drawInvoice(doc, content, y)
          : drawPackingList(doc, content, y, siteOrigin(services.config));
      signatureBlock(doc, end + 24, context.company);
    },
  );
}

/** The title, the document's facts, the parties and the shipment: the same on both documents. */
function drawCommonPart(
  doc: PDFKit.PDFDocument,
  content: MadeDocumentContent,
  facts: { context: SheetContext; settings: ExporterRegistrations; title: string },
  top: number,
): number {
  const { order, shipment } = content;
  const numberLabel = content.kind === "commercial-invoice" ? "Invoice number" : "Packing list number";
  let y = titleAndFacts(
    doc,
    facts.title,
    [
      {
        label: numberLabel,
        value: content.revision > 1 ? `${content.number}, revision ${content.revision}` : content.number,
      },
      { label: "Date", value: longDate(content.issuedOn) },
      { label: "Order number", value: order.number },
      { label: "Shipment", value: shipment.reference },
    ],
    top,
  );

  y = sectionHeading(doc, "Parties", LEFT, roomFor(doc, y + 18, 120), CONTENT_WIDTH);
  y = partiesGrid(doc, y, [
    { label: "Exporter", text: exporterParty(facts.context, facts.settings) },
    { label: "Buyer", text: order.buyer.trim() },
    { label: "Consignee", text: order.consignee.trim() || "As the buyer" },
    { label: "Notify party", text: order.notifyParty.trim() || "As the consignee" },
  ]);

  const rows: Row[] = [
    { label: "Vessel / voyage", value: [shipment.vessel, shipment.voyage].filter(Boolean).join(" / ") },
    { label: "Shipping line", value: shipment.shippingLine },
    { label: "Port of loading", value: shipment.portOfLoading },
    { label: "Port of discharge", value: shipment.portOfDischarge },
    { label: "ETD", value: shipment.etd ? longDate(shipment.etd) : "" },
    {
      label: "Bill of lading",
      value: [shipment.blNumber, shipment.blDate && `dated ${longDate(shipment.blDate)}`].filter(Boolean).join(", "),
    },
    { label: "Letter of credit", value: order.lcNumber ?? "" },
    { label: "Containers", value: content.containers.map((container) => container.number).join(", ") },
  ].filter((row) => row.value.trim() !== "");
  if (!rows.length) return y;
  // In two columns side by side, kept on one page: the facts of the voyage take half the height.
  const half = Math.ceil(rows.length / 2);
  const width = (CONTENT_WIDTH - 14) / 2;
  const box = { width, labelWidth: 100 };
  const height = Math.max(
    tableHeight(doc, rows.slice(0, half), box.width, box.labelWidth),
    tableHeight(doc, rows.slice(half), box.width, box.labelWidth),
  );
  y = sectionHeading(doc, "Shipment", LEFT, roomFor(doc, y + 18, 22 + height), CONTENT_WIDTH);
  return Math.max(
    table(doc, rows.slice(0, half), { ...box, x: LEFT, y }),
    table(doc, rows.slice(half), { ...box, x: LEFT + width + 14, y }),
  );
}

/** A table's height as `table` draws it (label and value rows, 4.5 points above and below each). */
const tableHeight = (doc: PDFKit.PDFDocument, rows: readonly Row[], width: number, labelWidth: number) =>
  rows.reduce(
    (sum, row) =>
      sum +
      Math.max(
        textHeight(doc, row.label, labelWidth - 8, { size: 8.5, weight: "bold" }),
        textHeight(doc, row.value, width - labelWidth - 16, { size: 9 }),
      ) +
      9,
    0,
  );

/** A headed table across the page, kept whole on one page (a short table split leaves a lone row); returns the y below. */
function tableSection(doc: PDFKit.PDFDocument, title: string, rows: Row[], top: number): number {
  const y = roomFor(doc, top, 22 + tableHeight(doc, rows, CONTENT_WIDTH, 130));
  return table(doc, rows, {
    x: LEFT,
    y: sectionHeading(doc, title, LEFT, y, CONTENT_WIDTH),
    width: CONTENT_WIDTH,
    labelWidth: 130,
  });
}

/** "Grade: 55 mm+ · Packing: 25 kg mesh bags": below a product, what customs match against the packages. */
const goodsDetails = (line: { grade?: string | null; packaging?: string | null; packageKind: string }) =>
  [
    line.grade && `Grade: ${line.grade}`,
    (line.packageKind || line.packaging) && `Packing: ${line.packageKind || line.packaging}`,
  ]
    .filter(Boolean)
    .join(" · ");

/** The goods' columns both documents begin with, then `more`; `shares` of the content width for each. */
const goodsColumns = (more: string[], shares: number[]) =>
  ["Description of goods", "HS code", "Quantity", "Packages", ...more].map((label, i) => ({
    label,
    share: shares[i],
  }));

/** The cells of the goods' columns after the description: HS code, quantity, packages. */
const goodsCells = (line: { hsCode: string | null; quantity: string; unit: string; packages: number }) => [
  line.hsCode || "—",
  quantityText(line.quantity, line.unit),
  groupDecimal(String(line.packages)),
];

/** The shipment's packages and weights, summed from its containers when the document was made. */
const totalRows = ({ totals }: MadeDocumentContent): Row[] => [
  { label: "Total packages", value: groupDecimal(String(totals.packages)) },
  { label: "Total net weight", value: kilograms(totals.netKg) },
  { label: "Total gross weight", value: kilograms(totals.grossKg) },
];

const DECLARATION =
  "We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct.";
const DECLARATION_STYLE = { size: 9, color: COLORS.ink, lineGap: 2 } as const;

/** The invoice's goods with prices and the total, its weights, its terms and the exporter's declaration. */
function drawInvoice(doc: PDFKit.PDFDocument, content: MadeDocumentContent, top: number): number {
  const { order, totals } = content;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const terms = { incoterm: order.incoterm, named_port: order.namedPort };
  let y = sectionHeading(doc, "Goods", LEFT, roomFor(doc, top + 18, 100), CONTENT_WIDTH);
  y = pricedLinesTable(
    doc,
    {
      columns: goodsColumns(["Unit price", "Amount"], [0.27, 0.11, 0.14, 0.12, 0.18, 0.18]),
      lines: content.lines.map((line) => ({
        product: line.product,
        details: goodsDetails(line),
        cells: [...goodsCells(line), money(line.unitPriceMinor), money(line.amountMinor)],
      })),
      total: { label: `Total ${quoteTerms(terms)}`, amount: money(totals.amountMinor) },
    },
    y,
  );

  y = tableSection(doc, "Packages and weights", totalRows(content), y + 18);

  y = tableSection(
    doc,
    "Terms of sale",
    [
      { label: "Delivery", value: incotermsLine(terms) },
      { label: "Currency", value: order.currency },
      { label: "Payment", value: order.paymentTerms },
    ].filter((row) => row.value.trim() !== ""),
    y + 18,
  );

  // The declaration is signed: it goes onto a new page with the signature rather than apart from it.
  const height = textHeight(doc, DECLARATION, CONTENT_WIDTH, DECLARATION_STYLE);
  y = roomFor(doc, y + 16, height + 24 + 58);
  return mixedText(doc, DECLARATION, LEFT, y, CONTENT_WIDTH, DECLARATION_STYLE);
}

/** Column shares of a container's lines on the packing list: the product wraps, the others are one line each. */
const PACKING_COLUMNS = goodsColumns(["Net kg", "Gross kg"], [0.34, 0.12, 0.15, 0.13, 0.13, 0.13]);
const PACKING = {
  pad: 6,
  head: { size: 8, weight: "bold", color: COLORS.white },
  cell: { size: 9, color: COLORS.ink },
  product: { size: 9, weight: "bold", color: COLORS.ink },
  details: { size: 8, color: COLORS.muted },
  total: { size: 9, weight: "bold", color: COLORS.brand900 },
} as const;
const widths = PACKING_COLUMNS.map((column) => column.share * CONTENT_WIDTH);
const xs = widths.map((_, i) => LEFT + widths.slice(0, i).reduce((sum, width) => sum + width, 0));

const CONTAINER_HEADING = { size: 10.5, weight: "bold", color: COLORS.brand900 } as const;

/** Each container with its lines and totals, then the shipment's totals: no price anywhere. */
function drawPackingList(doc: PDFKit.PDFDocument, content: MadeDocumentContent, top: number, origin: string): number {
  let y = top;
  for (const [i, container] of content.containers.entries()) {
    const heights = container.lines.map((line) => packingRowHeight(doc, line) + lotRows(line.lots) * LOT_ROW_HEIGHT);
    const heading = containerHeading(container);
    // The heading is kept with the table's head and its first line, or with the whole container when it is short
    // (measured as `containerTable` breaks: a line needs 30 points free below it for the total's band).
    const lines = heights.reduce((sum, height) => sum + height, 0);
    const keep =
      (i === 0 ? 22 : 0) +
      textHeight(doc, heading, CONTENT_WIDTH, CONTAINER_HEADING) +
      6 +
      20 +
      (lines < 160 ? lines : Math.min(heights[0] ?? 0, 160)) +
      30;
    y = roomFor(doc, y + (i === 0 ? 18 : 22), keep);
    if (i === 0) y = sectionHeading(doc, "Containers", LEFT, y, CONTENT_WIDTH);
    y = mixedText(doc, heading, LEFT, y, CONTENT_WIDTH, CONTAINER_HEADING);
    y = containerTable(doc, container, y + 6, origin);
  }
  return tableSection(
    doc,
    "Totals",
    [{ label: "Containers", value: groupDecimal(String(content.containers.length)) }, ...totalRows(content)],
    y + 18,
  );
}

type PackingLine = MadeDocumentContent["containers"][number]["lines"][number];

/** A line's height as drawn: the product in bold, wrapping, its packing below. */
function packingRowHeight(doc: PDFKit.PDFDocument, line: PackingLine): number {
  const width = widths[0] - 2 * PACKING.pad;
  const details = goodsDetails(line);
  const height =
    textHeight(doc, line.product, width, PACKING.product) +
    (details ? textHeight(doc, details, width, PACKING.details) : 0);
  return Math.max(height, PACKING.cell.size * 1.4) + 10;
}

/** One row of cells after the product's, each on one line and set right. */
function rightCells(doc: PDFKit.PDFDocument, cells: readonly string[], y: number, style: TextStyle) {
  cells.forEach((text, c) => {
    const width = widths[c + 1] - 2 * PACKING.pad;
    singleMixedLine(doc, text, xs[c + 1] + PACKING.pad, y, width, { ...style, align: "right" });
  });
}

/** A container's lines under a coloured head (drawn again on a new page) and its totals in a tinted band. */
function containerTable(
  doc: PDFKit.PDFDocument,
  container: MadeDocumentContent["containers"][number],
  top: number,
  origin: string,
): number {
  const drawHead = (y: number) => {
    doc.rect(LEFT, y, CONTENT_WIDTH, 20).fill(COLORS.brand700);
    PACKING_COLUMNS.forEach(({ label }, i) =>
      mixedText(doc, label, xs[i] + PACKING.pad, y + 6, widths[i] - 2 * PACKING.pad, {
        ...PACKING.head,
        align: i === 0 ? "left" : "right",
      }),
    );
    return y + 20;
  };
  let y = drawHead(top);
  // A new page (with the head drawn again) when `height` and the total's band below it do not fit.
  const room = (y: number, height: number) =>
    y + height > CONTENT_BOTTOM - 30 ? drawHead(roomFor(doc, y, PAGE.height)) : y;
  for (const [i, line] of container.lines.entries()) {
    const height = packingRowHeight(doc, line);
    const lots = line.lots ?? [];
    // Room for the total's band below the last line, so it never opens a page alone.
    // A line is kept with its first row of lots.
    y = room(y, height + (lots.length ? LOT_ROW_HEIGHT : 0));
    if (i % 2 === 1) doc.rect(LEFT, y, CONTENT_WIDTH, height).fill(COLORS.brand50);
    const width = widths[0] - 2 * PACKING.pad;
    const below = mixedText(doc, line.product, xs[0] + PACKING.pad, y + 5, width, PACKING.product);
    const details = goodsDetails(line);
    if (details) mixedText(doc, details, xs[0] + PACKING.pad, below, width, PACKING.details);
    rightCells(doc, [...goodsCells(line), groupDecimal(line.netKg), groupDecimal(line.grossKg)], y + 5, PACKING.cell);
    y += height;
    if (lots.length) y = drawLineLots(doc, lots, origin, y, room, i % 2 === 1 ? COLORS.brand50 : undefined);
  }
  y = roomFor(doc, y, 28);
  doc.rect(LEFT, y, CONTENT_WIDTH, 24).fill(COLORS.accent50);
  doc.rect(LEFT, y, 3, 24).fill(COLORS.accent500);
  mixedText(doc, `Container ${container.number} total`, LEFT + 12, y + 7, widths[0] + widths[1], PACKING.total);
  rightCells(
    doc,
    ["", "", groupDecimal(String(container.packages)), groupDecimal(container.netKg), groupDecimal(container.grossKg)],
    y + 7,
    PACKING.total,
  );
  return y + 24;
}

/**
 * The document as a download for the desk (below the admin guard), as it was made: kept by no cache (it carries the
 * buyer's details and, on the invoice, the prices) and never indexed.
 */
export async function shippingDocumentPdfResponse(
  services: OrderPdfServices,
  content: MadeDocumentContent,
): Promise<Response> {
  const pdf = await makeShippingDocumentPdf(services, content, await exporterRegistrations(services.db));
  return orderPdfResponse(pdf.bytes, shippingDocumentFileName(content));
}
