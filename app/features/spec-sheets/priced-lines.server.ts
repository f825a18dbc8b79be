import { COLORS, CONTENT_WIDTH, PAGE, roomFor, sideX } from "./pdf-document.server";
import { mixedText, singleMixedLine, textHeight } from "./pdf-text.server";

/**
 * A table of priced lines, as the quote and the proforma invoice print them: the product (bold, wrapping, with its
 * grade and packaging below), then one-line columns (quantity, prices, codes), then the total in a tinted band.
 */
export interface PricedLines {
  /** Headings and shares of the content width, left to right (mirrored in Arabic through `sideX`); the first is the product's. */
  columns: ReadonlyArray<{ label: string; share: number }>;
  lines: ReadonlyArray<{ product: string; details: string; cells: readonly string[] }>;
  total: { label: string; amount: string };
}

const LEFT = PAGE.left;

/** Draws the lines from `top`, its heading again on each new page; returns the y below the total. */
export function pricedLinesTable(doc: PDFKit.PDFDocument, table: PricedLines, top: number): number {
  const widths = table.columns.map((column) => column.share * CONTENT_WIDTH);
  const xs = widths.map((_, i) => LEFT + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
  const last = widths.length - 1;
  const pad = 6;
  const head = { size: 8, weight: "bold", color: COLORS.white } as const;
  const cell = { size: 9, color: COLORS.ink } as const;
  const details = { size: 8, color: COLORS.muted } as const;
  const drawHead = (y: number) => {
    doc.rect(LEFT, y, CONTENT_WIDTH, 20).fill(COLORS.brand700);
    table.columns.forEach(({ label }, i) =>
      mixedText(doc, label, xs[i] + pad, y + 6, widths[i] - 2 * pad, { ...head, align: i === 0 ? "left" : "right" }),
    );
    return y + 20;
  };
  let y = drawHead(top);
  for (const [i, line] of table.lines.entries()) {
    // Measured as drawn: the product in bold, its details smaller below (measured in the cell's regular weight, a
    // long bold name wrapped once more than counted and ran into its details).
    const productWidth = widths[0] - 2 * pad;
    const productHeight = textHeight(doc, line.product, productWidth, { ...cell, weight: "bold" });
    const detailsHeight = line.details ? textHeight(doc, line.details, productWidth, details) : 0;
    // The product wraps; a quantity or an amount is one line, made smaller to fit its column: wrapped, its script runs
    // ("১১,২০০.০০" and "USD") were each set right and printed over each other.
    const height = Math.max(productHeight + detailsHeight, cell.size * 1.4) + 10;
    if (y + height > PAGE.height - PAGE.bottom - 30) {
      y = roomFor(doc, y, PAGE.height);
      y = drawHead(y);
    }
    if (i % 2 === 1) doc.rect(sideX(doc, LEFT, CONTENT_WIDTH), y, CONTENT_WIDTH, height).fill(COLORS.brand50);
    mixedText(doc, line.product, xs[0] + pad, y + 5, productWidth, { ...cell, weight: "bold" });
    if (line.details) mixedText(doc, line.details, xs[0] + pad, y + 5 + productHeight, productWidth, details);
    // singleMixedLine places its box as given: mirrored here, as mixedText mirrors its own.
    line.cells.forEach((text, c) => {
      const width = widths[c + 1] - 2 * pad;
      singleMixedLine(doc, text, sideX(doc, xs[c + 1] + pad, width), y + 5, width, { ...cell, align: "right" });
    });
    y += height;
  }
  y = roomFor(doc, y, 28);
  doc.rect(LEFT, y, CONTENT_WIDTH, 24).fill(COLORS.accent50);
  doc.rect(sideX(doc, LEFT, 3), y, 3, 24).fill(COLORS.accent500);
  mixedText(doc, table.total.label, LEFT + 12, y + 7, CONTENT_WIDTH * 0.6, {
    size: 10,
    weight: "bold",
    color: COLORS.brand900,
  });
  // The total takes the last column and 80 points of the one before: a large total is wider than its lines' amounts.
  singleMixedLine(
    doc,
    table.total.amount,
    sideX(doc, xs[last] - 80, widths[last] + 80 - pad),
    y + 7,
    widths[last] + 80 - pad,
    {
      size: 10.5,
      weight: "bold",
      color: COLORS.brand900,
      align: "right",
    },
  );
  return y + 24;
}
