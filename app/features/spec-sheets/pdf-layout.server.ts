import PDFDocument from "pdfkit";
import { fontName, LATIN_ASCENDER, loadFonts, registerFonts, type Weight } from "./pdf-fonts.server";
import { scriptRuns } from "./script-runs";

/** The site's colours (app/app.css), so a printed sheet looks like the website it came from. */
export const COLORS = {
  brand900: "#1a3727",
  brand800: "#1f432e",
  brand700: "#245337",
  brand600: "#2c6843",
  brand200: "#b9d9c1",
  brand100: "#dbecdf",
  brand50: "#f0f7f1",
  accent500: "#e59a1c",
  accent700: "#8a4f08",
  accent50: "#fdf4e3",
  ink: "#1c2521",
  muted: "#5b6760",
  rule: "#d9e0dc",
  empty: "#eef1ef",
  white: "#ffffff",
} as const;

/** A4 in points, and the margins every page keeps (the footer sits in the bottom one). */
export const PAGE = { width: 595.28, height: 841.89, left: 42, right: 42, top: 40, bottom: 56 } as const;
export const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
export const CONTENT_BOTTOM = PAGE.height - PAGE.bottom;

export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  /** The day the document is for: also its creation date, so equal content gives equal bytes (and ETags). */
  day: string;
}

/**
 * A new A4 document with the fonts. `bufferPages` keeps every page until the end, for footers that need the page
 * count; without it each page is written out as the next begins (the catalogue knows its page count beforehand).
 */
export async function newDocument(info: DocumentInfo, options = { bufferPages: true }): Promise<PDFKit.PDFDocument> {
  const fonts = await loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
    bufferPages: options.bufferPages,
    autoFirstPage: false,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: info.author,
      Producer: "pdfkit",
      CreationDate: new Date(`${info.day}T00:00:00Z`),
    },
    // A tagged PDF (PDF/UA's structure): screen readers and reflow read the text in order, in English.
    pdfVersion: "1.7",
    tagged: true,
    lang: "en",
    displayTitle: true,
  });
  registerFonts(doc, fonts);
  return doc;
}

type StructureElement = ReturnType<PDFKit.PDFDocument["struct"]>;

/**
 * The document's structure root ("Document"); each part of a page drawn through `tagged` becomes one of its
 * sections, so every piece of text is in a structure element. Footers and page furniture are marked as artifacts.
 */
export function structureRoot(doc: PDFKit.PDFDocument): StructureElement {
  const root = doc.struct("Document");
  doc.addStructure(root);
  return root;
}

/** Draws `draw` as one section of `root` (it may continue onto new pages through `newPage`). */
export function tagged(doc: PDFKit.PDFDocument, root: StructureElement, type: string, draw: () => void) {
  root.add(doc.struct(type, {}, draw));
}

/**
 * A new page that carries the open structure marking over (pdfkit's `addPage` would leave the section's marked
 * content unclosed on the old page and closed without an opening on the new one).
 */
export function newPage(doc: PDFKit.PDFDocument) {
  (doc as unknown as { continueOnNewPage(): void }).continueOnNewPage();
}

/** Starts a new page when `height` does not fit below `y` (in a document that flows onto new pages); returns the y. */
export function roomFor(doc: PDFKit.PDFDocument, y: number, height: number): number {
  if (y + height <= CONTENT_BOTTOM) return y;
  newPage(doc);
  return doc.page.margins.top;
}

/** The finished document's bytes. */
export function documentBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
  lineGap?: number;
  align?: "left" | "right" | "center";
  characterSpacing?: number;
}

/**
 * Writes text that may mix Latin and Devanagari at (x, y), wrapped to `width`, each run in its script's font on one
 * baseline. Returns the y below it.
 */
export function mixedText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  const runs = scriptRuns(text);
  if (!runs.length) return y;
  const weight = style.weight ?? "regular";
  doc.fontSize(style.size).fillColor(style.color ?? COLORS.ink);
  runs.forEach((run, i) => {
    doc.font(fontName(run.script, weight));
    const options: PDFKit.Mixins.TextOptions = {
      width,
      lineGap: style.lineGap ?? 1.5,
      align: style.align ?? "left",
      characterSpacing: style.characterSpacing,
      continued: i < runs.length - 1,
      // A number is the distance from y to the baseline, negated: Noto Sans's, for both fonts.
      baseline: -LATIN_ASCENDER * style.size,
    };
    if (i === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
  return doc.y;
}

/** The height `text` takes at `width` (measured in the Latin font: the Devanagari font's lines are no taller). */
export function textHeight(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): number {
  if (!text) return 0;
  doc.font(fontName("latin", style.weight ?? "regular")).fontSize(style.size);
  return doc.heightOfString(text, { width, lineGap: style.lineGap ?? 1.5 });
}

/** The width of one line of `text` (in the Latin font). */
export function textWidth(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  doc.font(fontName("latin", style.weight ?? "regular")).fontSize(style.size);
  return doc.widthOfString(text);
}

/** `text`, shortened at a word and closed with "…" when needed, so it takes at most `height`. */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number, height: number, style: TextStyle) {
  if (textHeight(doc, text, width, style) <= height) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textHeight(doc, shortened(text, mid), width, style) <= height) low = mid;
    else high = mid - 1;
  }
  return low > 0 ? shortened(text, low) : "";
}

const shortened = (text: string, length: number) => {
  const cut = text.slice(0, length);
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${(atWord.length > length / 2 ? atWord : cut).trimEnd()}…`;
};

/**
 * One line of Latin text (a URL, a certificate number) that never wraps and is never cut: wider than `width`, it is
 * set smaller (down to 5.5 pt) so it prints whole. pdfkit would break a URL at its slashes and a certificate number
 * at its hyphens, and a number broken across lines is copied wrong into the issuer's lookup.
 */
export function singleLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { link?: string },
) {
  doc.font(fontName("latin", style.weight ?? "regular")).fillColor(style.color ?? COLORS.ink);
  let size = style.size;
  doc.fontSize(size);
  while (size > 5.5 && doc.widthOfString(text) > width) doc.fontSize((size -= 0.25));
  const lineWidth = doc.widthOfString(text);
  const left = style.align === "right" ? x + width - lineWidth : x;
  doc.text(text, left, y, { lineBreak: false, link: style.link });
  doc.fontSize(style.size);
}

/** A section heading with a short accent rule under it; returns the y below. */
export function sectionHeading(doc: PDFKit.PDFDocument, title: string, x: number, y: number, width: number) {
  mixedText(doc, title.toUpperCase(), x, y, width, {
    size: 8.5,
    weight: "bold",
    color: COLORS.brand700,
    characterSpacing: 0.8,
  });
  doc
    .rect(x, y + 14, 22, 2)
    .fill(COLORS.accent500)
    .rect(x + 24, y + 14.75, width - 24, 0.5)
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
 * Pages after the first (added by a long text or table, or to keep a block whole) start lower and get `header`
 * drawn at the top: a slim band saying what they continue.
 */
export function continuationPages(doc: PDFKit.PDFDocument, header: (page: number) => void) {
  (doc.options as { margins?: PDFKit.Mixins.ExpandedSides<number> }).margins = {
    top: PAGE.top + 32,
    bottom: PAGE.bottom,
    left: PAGE.left,
    right: PAGE.right,
  };
  doc.on("pageAdded", () => {
    const { x, y } = doc;
    header(doc.bufferedPageRange().count);
    doc.x = x;
    doc.y = y;
  });
}

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
        const more = box.moreText?.(rows.length - i) ?? `${rows.length - i} more`;
        mixedText(doc, more, x + 8, y + 3, width - 8, { size: 8, color: COLORS.muted });
        return y + 16;
      }
      newPage(doc);
      y = doc.page.margins.top;
    }
    if (i % 2 === 0) doc.rect(x, y, width, height).fill(COLORS.brand50);
    mixedText(doc, row.label, x + 8, y + ROW_PAD, labelWidth - 8, ROW_STYLE.label);
    mixedText(doc, row.value, x + labelWidth + 8, y + ROW_PAD, valueWidth, ROW_STYLE.value);
    y += height;
  }
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
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
  months.forEach((month, i) => {
    const cx = x + i * (cell + gap);
    doc.roundedRect(cx, y, cell, 20, 3).fill(month.available ? COLORS.brand600 : COLORS.empty);
    doc
      .font(fontName("latin", month.available ? "bold" : "regular"))
      .fontSize(8)
      .fillColor(month.available ? COLORS.white : COLORS.muted)
      .text(month.short, cx, y + 5.5, { width: cell, align: "center", lineBreak: false });
  });
  return y + 20;
}

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
  mixedText(doc, `Generated ${generated} · Page ${page} of ${pages}`, PAGE.left, y, CONTENT_WIDTH, {
    size: 7.5,
    color: COLORS.muted,
    align: "right",
  });
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

/** "24 November 2026", for the date a document was made. */
export const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
