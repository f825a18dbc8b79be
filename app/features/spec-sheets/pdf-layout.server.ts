import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { fontName } from "./pdf-fonts.server";
import { COLORS, CONTENT_BOTTOM, CONTENT_WIDTH, documentLanguage, newPage, PAGE, sideX } from "./pdf-document.server";
import { mixedText, singleMixedLine, textHeight, type TextStyle } from "./pdf-text.server";

// The blocks the documents share, drawn from text and rules: section headings, tables, the month strip, footers.

/** A section heading with a short accent rule under it; returns the y below. */
export function sectionHeading(doc: PDFKit.PDFDocument, title: string, x: number, y: number, width: number) {
  mixedText(doc, title.toUpperCase(), x, y, width, {
    size: 8.5,
    weight: "bold",
    color: COLORS.brand700,
    characterSpacing: 0.8,
  });
  doc
    .rect(sideX(doc, x, 22), y + 14, 22, 2)
    .fill(COLORS.accent500)
    .rect(sideX(doc, x + 24, width - 24), y + 14.75, width - 24, 0.5)
    .fill(COLORS.rule);
  return y + 22;
}

export interface Row {
  label: string;
  value: string;
}

const ROW_STYLE = {
  label: { size: 8.5, weight: "bold", color: COLORS.muted },
  value: { size: 9, color: COLORS.ink },
} satisfies Record<string, TextStyle>;
const ROW_PAD = 4.5;

/**
 * A two-column table of label and value rows, banded. With `maxBottom` the rows that do not fit are left out and
 * counted in a last line ("3 more on the website"); without it, a row that does not fit starts a new page, and the
 * last row keeps `keepWithLast` free below it on its page (the block after the table goes with it onto a new page,
 * never alone). Returns the y below the table.
 */
export function table(
  doc: PDFKit.PDFDocument,
  rows: Row[],
  box: {
    x: number;
    y: number;
    width: number;
    labelWidth: number;
    maxBottom?: number;
    moreText?: (n: number) => string;
    keepWithLast?: number;
  },
): number {
  const { x, width, labelWidth } = box;
  const valueWidth = width - labelWidth - 16;
  let y = box.y;
  for (const [i, row] of rows.entries()) {
    const height =
      Math.max(
        textHeight(doc, row.label, labelWidth - 8, ROW_STYLE.label),
        textHeight(doc, row.value, valueWidth, ROW_STYLE.value),
      ) +
      2 * ROW_PAD;
    const limit = box.maxBottom ?? CONTENT_BOTTOM;
    const reserve =
      box.maxBottom !== undefined
        ? i < rows.length - 1
          ? 16
          : 0
        : i === rows.length - 1
          ? (box.keepWithLast ?? 0)
          : 0;
    if (y + height + reserve > limit) {
      if (box.maxBottom !== undefined) {
        const more =
          box.moreText?.(rows.length - i) ?? documentLanguage(doc).t("pdf.table.more", { count: rows.length - i });
        mixedText(doc, more, x + 8, y + 3, width - 8, { size: 8, color: COLORS.muted });
        return y + 16;
      }
      newPage(doc);
      y = doc.page.margins.top;
    }
    if (i % 2 === 0) doc.rect(sideX(doc, x, width), y, width, height).fill(COLORS.brand50);
    mixedText(doc, row.label, x + 8, y + ROW_PAD, labelWidth - 8, ROW_STYLE.label);
    mixedText(doc, row.value, x + labelWidth + 8, y + ROW_PAD, valueWidth, ROW_STYLE.value);
    y += height;
  }
  doc
    .moveTo(sideX(doc, x, width), y)
    .lineTo(sideX(doc, x, width) + width, y)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  return y;
}

/** Twelve month cells, the available ones filled in the brand colour. Returns the y below. */
export function monthStrip(
  doc: PDFKit.PDFDocument,
  months: Array<{ short: string; available: boolean }>,
  x: number,
  y: number,
  width: number,
) {
  const gap = 3;
  const cell = (width - gap * (months.length - 1)) / months.length;
  const { lang } = documentLanguage(doc);
  months.forEach((month, i) => {
    const cx = sideX(doc, x + i * (cell + gap), cell);
    doc.roundedRect(cx, y, cell, 20, 3).fill(month.available ? COLORS.brand600 : COLORS.empty);
    const color = month.available ? COLORS.white : COLORS.muted;
    if (lang !== DEFAULT_LANGUAGE) {
      const name = shortMonth(i + 1, lang);
      const style = { size: 8, weight: month.available ? "bold" : "regular", color } as const;
      singleMixedLine(doc, name, cx, y + 5.5, cell, { ...style, align: "center" });
      return;
    }
    doc
      .font(fontName("latin", month.available ? "bold" : "regular"))
      .fontSize(8)
      .fillColor(month.available ? COLORS.white : COLORS.muted)
      .text(month.short, cx, y + 5.5, { width: cell, align: "center", lineBreak: false });
  });
  return y + 20;
}

/** A month's short name in the language ("জানু", "يناير"); the months of the strip are its order, left to right. */
const shortMonth = (month: number, lang: Language) =>
  new Intl.DateTimeFormat(lang, { month: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month - 1, 1)));

/** The footer of the current page: who and where on the left, date and page number on the right. */
export function footer(doc: PDFKit.PDFDocument, left: string, generated: string, page: number, pages: number) {
  // Writing inside the bottom margin would otherwise start a new page.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.markContent("Artifact", { type: "Pagination" });
  const y = PAGE.height - 36;
  doc
    .moveTo(PAGE.left, y - 8)
    .lineTo(PAGE.width - PAGE.right, y - 8)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  mixedText(doc, left, PAGE.left, y, CONTENT_WIDTH * 0.62, { size: 7.5, color: COLORS.muted });
  mixedText(
    doc,
    documentLanguage(doc).t("pdf.footer.generated", { date: generated, page, pages }),
    PAGE.left,
    y,
    CONTENT_WIDTH,
    {
      size: 7.5,
      color: COLORS.muted,
      align: "right",
    },
  );
  doc.endMarkedContent();
  doc.page.margins.bottom = bottom;
}

/** Footers on every page of a document whose pages are kept until the end (`bufferPages`). */
export function footers(doc: PDFKit.PDFDocument, left: string, generated: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    footer(doc, left, generated, i + 1, range.count);
  }
}
