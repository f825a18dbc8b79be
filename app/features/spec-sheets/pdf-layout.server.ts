import PDFDocument from "pdfkit";
import { catalogueOf } from "~/features/i18n/catalogues.server";
import { makeTranslator, type Translate } from "~/features/i18n/translate";
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type Language } from "~/lib/i18n/languages";
import { bidiHeight, bidiLines, drawBidiText } from "./bidi-text.server";
import { fontName, LATIN_ASCENDER, loadFonts, registerFonts, type Weight } from "./pdf-fonts.server";
import { hasBengali, scriptRuns } from "./script-runs";

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
  /** The language it is written in (issue 26); English when not given. */
  lang?: Language;
}

/** A document's language: its labels (the `pdf` catalogue area), dates and direction. */
export interface DocumentLanguage {
  lang: Language;
  rtl: boolean;
  t: Translate;
  /** "24 November 2026" in the language. */
  date: (day: string) => string;
}

const languages = new WeakMap<PDFKit.PDFDocument, DocumentLanguage>();

function documentLanguageFor(lang: Language): DocumentLanguage {
  return {
    lang,
    rtl: LANGUAGE_INFO[lang].dir === "rtl",
    t: makeTranslator(lang, catalogueOf(lang)),
    date: (day) => longDate(day, lang),
  };
}

/** The language `newDocument` was given (every drawing function reads its direction from here). */
export const documentLanguage = (doc: PDFKit.PDFDocument): DocumentLanguage =>
  languages.get(doc) ?? documentLanguageFor(DEFAULT_LANGUAGE);

/**
 * Where a box `width` wide at `x` goes on the page: where it is, left to right; mirrored about the page's middle in
 * a right-to-left document, so labels, photos and accents that sit on the left of an English page sit on the right.
 * Every drawing function takes left-to-right coordinates and places them through this.
 */
export const sideX = (doc: PDFKit.PDFDocument, x: number, width: number) =>
  documentLanguage(doc).rtl ? PAGE.width - x - width : x;

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
    lang: info.lang ?? DEFAULT_LANGUAGE,
    displayTitle: true,
  });
  registerFonts(doc, fonts);
  languages.set(doc, documentLanguageFor(info.lang ?? DEFAULT_LANGUAGE));
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

/** The alignment on a right-to-left page: the start is on the right. */
const mirroredAlign = (align: TextStyle["align"]) =>
  align === "right" ? "left" : align === "center" ? "center" : "right";

/**
 * Writes text that may mix scripts (Latin, Devanagari, Bengali; Arabic right to left) in the box at (x, y), wrapped
 * to `width`, each run in its script's font on one baseline. Returns the y below it. In a right-to-left document the
 * box is mirrored (`sideX`) and the text laid out by `drawBidiText`.
 */
export function mixedText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  if (documentLanguage(doc).rtl)
    return drawBidiText(doc, text, sideX(doc, x, width), y, width, {
      ...style,
      color: style.color ?? COLORS.ink,
      align: mirroredAlign(style.align),
    });
  const runs = scriptRuns(text);
  if (!runs.length) return y;
  // pdfkit aligns each run of a continued line by itself, so runs set right or centred overlap: one line is placed
  // here as a whole.
  const align = style.align ?? "left";
  if (runs.length > 1 && align !== "left" && !text.includes("\n") && textWidth(doc, text, style) <= width) {
    singleMixedLine(doc, text, x, y, width, style);
    doc.x = x;
    doc.y = y + textHeight(doc, text, width, style);
    return doc.y;
  }
  const weight = style.weight ?? "regular";
  doc.fontSize(style.size).fillColor(style.color ?? COLORS.ink);
  // pdftotext reads shaped Bengali in the order drawn (a vowel sign before its consonant): the span spells it out.
  const spelt = hasBengali(text);
  if (spelt) doc.markContent("Span", { lang: "bn", actual: text });
  runs.forEach((run, i) => {
    doc.font(fontName(run.script, weight));
    const options: PDFKit.Mixins.TextOptions = {
      width,
      lineGap: style.lineGap ?? 1.5,
      align: style.align ?? "left",
      // Letter spacing would pull a Bengali or Devanagari conjunct apart: Latin capitals only.
      characterSpacing: run.script === "latin" ? style.characterSpacing : 0,
      continued: i < runs.length - 1,
      // A number is the distance from y to the baseline, negated: Noto Sans's, for both fonts.
      baseline: -LATIN_ASCENDER * style.size,
    };
    if (i === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
  if (spelt) doc.endMarkedContent();
  return doc.y;
}

/**
 * The height `text` takes at `width` (measured in the Latin font: the Devanagari and Bengali fonts' lines are no
 * taller; right to left, as `drawBidiText` lays it out).
 */
export function textHeight(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): number {
  if (!text) return 0;
  if (documentLanguage(doc).rtl) return bidiHeight(doc, text, width, style);
  doc.font(fontName("latin", style.weight ?? "regular")).fontSize(style.size);
  return doc.heightOfString(text, { width, lineGap: style.lineGap ?? 1.5 });
}

function latinLineHeight(doc: PDFKit.PDFDocument, style: TextStyle) {
  doc.font(fontName("latin", style.weight ?? "regular")).fontSize(style.size);
  return doc.heightOfString("X", { lineGap: style.lineGap ?? 1.5 });
}

/** The width of one line of `text` (in the Latin font; in each script's own font when it mixes scripts). */
export function textWidth(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  if (documentLanguage(doc).rtl) return bidiLines(doc, text, Infinity, style)[0]?.width ?? 0;
  const runs = scriptRuns(text);
  if (runs.some((run) => run.script !== "latin"))
    return runs.reduce(
      (sum, run) =>
        sum +
        doc
          .font(fontName(run.script, style.weight ?? "regular"))
          .fontSize(style.size)
          .widthOfString(run.text),
      0,
    );
  doc.font(fontName("latin", style.weight ?? "regular")).fontSize(style.size);
  return doc.widthOfString(text);
}

/** `text`, shortened at a word and closed with "…" when needed, so it takes at most `height`. */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number, height: number, style: TextStyle) {
  // Rooms are sized in Latin lines; Arabic lines are taller, so the room grows to hold as many.
  if (documentLanguage(doc).rtl) height *= textHeight(doc, "X", width, style) / latinLineHeight(doc, style);
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
  const runs = scriptRuns(text);
  if (documentLanguage(doc).rtl || runs.some((run) => run.script !== "latin")) {
    singleMixedLine(doc, text, sideX(doc, x, width), y, width, style);
    return;
  }
  doc.font(fontName("latin", style.weight ?? "regular")).fillColor(style.color ?? COLORS.ink);
  let size = style.size;
  doc.fontSize(size);
  while (size > 5.5 && doc.widthOfString(text) > width) doc.fontSize((size -= 0.25));
  const lineWidth = doc.widthOfString(text);
  const left = style.align === "right" ? x + width - lineWidth : x;
  doc.text(text, left, y, { lineBreak: false, link: style.link });
  doc.fontSize(style.size);
}

/** `singleLine` for a text in other scripts or a right-to-left document; the box is already placed. */
function singleMixedLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { link?: string },
) {
  const rtl = documentLanguage(doc).rtl;
  let size = style.size;
  while (size > 5.5 && textWidth(doc, text, { ...style, size }) > width) size -= 0.25;
  const lineWidth = textWidth(doc, text, { ...style, size });
  const align = rtl ? mirroredAlign(style.align) : (style.align ?? "left");
  const left = align === "right" ? x + width - lineWidth : align === "center" ? x + (width - lineWidth) / 2 : x;
  const color = style.color ?? COLORS.ink;
  if (rtl) drawBidiText(doc, text, left, y, lineWidth + 1, { ...style, size, color, align: "left" });
  else {
    const spelt = hasBengali(text);
    if (spelt) doc.markContent("Span", { lang: "bn", actual: text });
    doc.fillColor(color);
    let cx = left;
    for (const run of scriptRuns(text)) {
      doc.font(fontName(run.script, style.weight ?? "regular")).fontSize(size);
      doc.text(run.text, cx, y, { lineBreak: false, baseline: -LATIN_ASCENDER * size });
      cx += doc.widthOfString(run.text);
    }
    if (spelt) doc.endMarkedContent();
  }
  if (style.link) doc.link(left, y, lineWidth, size * 1.4, style.link);
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

/** "24 November 2026", for the date a document was made (in the document's language: `documentLanguage(doc).date`). */
export const longDate = (day: string, lang: Language = DEFAULT_LANGUAGE) =>
  new Intl.DateTimeFormat(lang === DEFAULT_LANGUAGE ? "en-GB" : lang, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
