import { COLORS, documentBytes, newDocument, structureRoot, tagged } from "~/features/spec-sheets/pdf-document.server";
import { fitText, mixedText, singleLine, textHeight, type TextStyle } from "~/features/spec-sheets/pdf-text.server";
import { formatDay } from "~/lib/site-time";
import { lotUrl } from "./lot-code";
import { drawQrCode } from "./lot-qr.server";

// A sheet of lot labels for bags and cartons (issue 45): A4 in the commonest label layout, Avery L7160 / J8160 (21
// labels of 63.5 × 38.1 mm, 3 across and 7 down), sold by most office suppliers and printed on any laser or inkjet.
// Each label carries its lot's QR code, opening the public lot page, and the lot's code in print to type by hand.

export interface LotLabel {
  code: string;
  product: string;
  grade: string | null;
  origin: string;
  /** YYYY-MM-DD */
  packingDate: string | null;
  /** The shipment, e.g. "SO-2026-0001/1" */
  reference: string;
}

const MM = 72 / 25.4;

/** Avery L7160's geometry in millimetres (the maker's template). */
const L7160 = {
  columns: 3,
  rows: 7,
  width: 63.5,
  height: 38.1,
  top: 15.15,
  left: 7.25,
  across: 66.04,
  down: 38.1,
} as const;

export const LABELS_PER_SHEET = L7160.columns * L7160.rows;

/** Each label's box on the sheet in points from the page's top left, row by row: where the labels are cut. */
export const LABEL_CELLS: ReadonlyArray<{ x: number; y: number; width: number; height: number }> = Array.from(
  { length: LABELS_PER_SHEET },
  (_, i) => ({
    x: (L7160.left + (i % L7160.columns) * L7160.across) * MM,
    y: (L7160.top + Math.floor(i / L7160.columns) * L7160.down) * MM,
    width: L7160.width * MM,
    height: L7160.height * MM,
  }),
);

/**
 * The QR code's box with its quiet zone: 31 mm, so the symbol itself is 24 mm or more for any site address up to
 * QR version 4 (and larger for longer ones), read from a bag at arm's length.
 */
const QR_BOX = 31 * MM;
/** Kept clear inside each label's edge: printers drift a millimetre or so, and a label's corners are rounded. */
const PAD = 2.5 * MM;

const STYLE = {
  company: { size: 6.5, weight: "bold", color: COLORS.brand700, characterSpacing: 0.3 },
  product: { size: 9.5, weight: "bold", color: COLORS.ink, lineGap: 0.5 },
  detail: { size: 7.5, color: COLORS.ink, lineGap: 0.5 },
  reference: { size: 6.5, color: COLORS.muted },
  lotLabel: { size: 6, weight: "bold", color: COLORS.muted, characterSpacing: 0.6 },
  code: { size: 10, weight: "bold", color: COLORS.ink },
} as const satisfies Record<string, TextStyle>;

/**
 * The labels of `labels` in order, 21 to an A4 page (more lots, more pages; the last page's unused labels stay
 * blank). Each: the QR code of `${siteOrigin}/lots/${code}` on the left, beside it the company, the product and
 * grade, the origin, the packing date, the shipment, and the lot's code. English, as the export documents.
 */
export async function lotLabelsPdf(input: {
  company: string;
  siteOrigin: string;
  labels: LotLabel[];
  /** The day the sheet is printed (YYYY-MM-DD), its creation date; today when not given. */
  day?: string;
}): Promise<Buffer> {
  const day = input.day ?? new Date().toISOString().slice(0, 10);
  const doc = await newDocument({
    title: "Lot labels",
    author: input.company,
    subject: `Lot labels (${input.labels.length}) from ${input.company}`,
    day,
    lang: "en",
  });
  const root = structureRoot(doc);
  const pages = Math.max(1, Math.ceil(input.labels.length / LABELS_PER_SHEET));
  for (let page = 0; page < pages; page++) {
    // No margins: the bottom row sits below the documents' usual margin, where pdfkit would otherwise start a page.
    doc.addPage({ size: "A4", margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    const sheet = input.labels.slice(page * LABELS_PER_SHEET, (page + 1) * LABELS_PER_SHEET);
    tagged(doc, root, "Sect", () =>
      sheet.forEach((label, i) => drawLabel(doc, label, LABEL_CELLS[i], input.company, input.siteOrigin)),
    );
  }
  return documentBytes(doc);
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  label: LotLabel,
  cell: (typeof LABEL_CELLS)[number],
  company: string,
  siteOrigin: string,
) {
  drawQrCode(doc, lotUrl(siteOrigin, label.code), cell.x + PAD / 2, cell.y + (cell.height - QR_BOX) / 2, QR_BOX);
  // The text column beside the code (its quiet zone is margin enough on that side).
  const x = cell.x + PAD / 2 + QR_BOX + 1.5;
  const width = cell.x + cell.width - PAD - x;
  const bottom = cell.y + cell.height - PAD;

  // The lot's code and shipment at the foot, fixed; the goods above them, each shortened to the room left.
  const codeTop = bottom - STYLE.code.size * 1.25;
  const lotTop = codeTop - STYLE.lotLabel.size * 1.45;
  singleLine(doc, label.code, x, codeTop, width, STYLE.code);
  singleLine(doc, `LOT · ${label.reference}`, x, lotTop, width, STYLE.lotLabel);

  let y = cell.y + PAD;
  singleLine(doc, company.toUpperCase(), x, y, width, STYLE.company);
  y += STYLE.company.size * 1.5;
  const room = lotTop - 2;
  const details = [
    label.grade && `Grade: ${label.grade}`,
    label.origin && `Origin: ${label.origin}`,
    label.packingDate && `Packed: ${formatDay(label.packingDate)}`,
  ].filter((line): line is string => Boolean(line));
  const detailLine = textHeight(doc, "X", width, STYLE.detail);
  // pdfkit measures a text's height from the page position down, so two lines measure a hair more or less than twice
  // one, depending on where the label is: half a point of slack keeps every label alike.
  const SLACK = 0.5;
  // The product takes up to two lines, leaving one line for each detail.
  const productRoom = Math.min(2 * textHeight(doc, "X", width, STYLE.product), room - y - details.length * detailLine);
  y = mixedText(
    doc,
    fitText(doc, label.product, width, productRoom + SLACK, STYLE.product),
    x,
    y,
    width,
    STYLE.product,
  );
  for (const [i, line] of details.entries()) {
    // A long origin (a farm's registration and village) may take two lines when the lines after it leave room.
    const left = room - y - (details.length - i - 1) * detailLine;
    if (left < detailLine * 0.9) break;
    const fitted = fitText(doc, line, width, Math.min(left, 2 * detailLine) + SLACK, STYLE.detail);
    y = mixedText(doc, fitted, x, y, width, STYLE.detail);
  }
}
