import { lotUrl } from "~/features/lots/lot-code";
import { drawQrCode } from "~/features/lots/lot-qr.server";
import { COLORS, CONTENT_WIDTH, PAGE } from "~/features/spec-sheets/pdf-document.server";
import { fitText, mixedText, singleLine } from "~/features/spec-sheets/pdf-text.server";
import { formatDay } from "~/lib/site-time";
import type { PackedLot } from "./shipping";

// A container line's lots on the packing list (issue 45): under the line, three to a row, each its QR code (opening
// the lot's public page) with the code in print beside it, the origin and the packing date.

const MM = 72 / 25.4;
/** The QR code's box with its quiet zone: 20 mm, a symbol of 15 mm or more for any site address up to version 4. */
const QR_BOX = 20 * MM;
const PER_ROW = 3;
const GAP = 4;
/** One row of lots: the codes' boxes and a little air below. */
export const LOT_ROW_HEIGHT = QR_BOX + GAP;

const STYLE = {
  label: { size: 6.5, weight: "bold", color: COLORS.muted, characterSpacing: 0.6 },
  code: { size: 9, weight: "bold", color: COLORS.ink },
  detail: { size: 7.5, color: COLORS.ink, lineGap: 0.5 },
} as const;

/** The rows of lots a line takes (none without lots, as on a packing list made before lots). */
export const lotRows = (lots: readonly PackedLot[] | undefined) => Math.ceil((lots?.length ?? 0) / PER_ROW);

/**
 * Draws the lots from `y`, a row at a time; `room(y, height)` gives the y a row of `height` starts at (a new page's,
 * with the table's head drawn again, when it does not fit). Returns the y below the last row.
 */
export function drawLineLots(
  doc: PDFKit.PDFDocument,
  lots: readonly PackedLot[],
  siteOrigin: string,
  y: number,
  room: (y: number, height: number) => number,
  /** The line's band colour, so its lots read as part of it (the codes keep their white quiet zone). */
  band?: string,
): number {
  const left = PAGE.left + 6;
  const cell = (CONTENT_WIDTH - 6) / PER_ROW;
  for (let row = 0; row < lotRows(lots); row++) {
    y = room(y, LOT_ROW_HEIGHT);
    if (band) doc.rect(PAGE.left, y, CONTENT_WIDTH, LOT_ROW_HEIGHT).fill(band);
    lots.slice(row * PER_ROW, (row + 1) * PER_ROW).forEach((lot, i) => {
      const x = left + i * cell;
      drawQrCode(doc, lotUrl(siteOrigin, lot.code), x, y, QR_BOX);
      const textX = x + QR_BOX + 2;
      const width = cell - QR_BOX - 8;
      let top = y + 5;
      singleLine(doc, "LOT", textX, top, width, STYLE.label);
      top += STYLE.label.size * 1.4;
      singleLine(doc, lot.code, textX, top, width, STYLE.code);
      top += STYLE.code.size * 1.45;
      const packed = lot.packingDate ? `Packed: ${formatDay(lot.packingDate)}` : "";
      const detailLine = STYLE.detail.size * 1.45;
      if (lot.origin.trim()) {
        const origin = fitText(doc, `Origin: ${lot.origin.trim()}`, width, 2 * detailLine, STYLE.detail);
        top = mixedText(doc, origin, textX, top, width, STYLE.detail);
      }
      if (packed) mixedText(doc, packed, textX, top, width, STYLE.detail);
    });
    y += LOT_ROW_HEIGHT;
  }
  return y;
}
