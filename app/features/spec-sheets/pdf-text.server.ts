import { leftToRightIsolated } from "~/lib/i18n/bidi";
import { bidiHeight, bidiLines, drawBidiText } from "./bidi-text.server";
import { fontName, LATIN_ASCENDER, type Weight } from "./pdf-fonts.server";
import { COLORS, documentLanguage, sideX } from "./pdf-document.server";
import { hasBengali, scriptRuns } from "./script-runs";

// Text in any of the site's scripts: written wrapped, measured, shortened to fit, or kept on one line.

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
  doc.fontSize(sizeToFit(style.size, width, (size) => doc.fontSize(size).widthOfString(text)));
  const lineWidth = doc.widthOfString(text);
  const left = style.align === "right" ? x + width - lineWidth : x;
  doc.text(text, left, y, { lineBreak: false, link: style.link });
  doc.fontSize(style.size);
}

/** The size from `size` down to 5.5 pt, a quarter point at a time, at which the text's `widthAt` fits `width`. */
function sizeToFit(size: number, width: number, widthAt: (size: number) => number): number {
  while (size > 5.5 && widthAt(size) > width) size -= 0.25;
  return size;
}

/** `singleLine` for a text in other scripts or a right-to-left document; the box is already placed. */
export function singleMixedLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { link?: string },
) {
  const rtl = documentLanguage(doc).rtl;
  const size = sizeToFit(style.size, width, (size) => textWidth(doc, text, { ...style, size }));
  const lineWidth = textWidth(doc, text, { ...style, size });
  const align = rtl ? mirroredAlign(style.align) : (style.align ?? "left");
  const left = align === "right" ? x + width - lineWidth : align === "center" ? x + (width - lineWidth) / 2 : x;
  const color = style.color ?? COLORS.ink;
  // A link is a URL, read left to right even with Arabic in its path.
  const ordered = style.link ? leftToRightIsolated(text) : text;
  if (rtl) drawBidiText(doc, ordered, left, y, lineWidth + 1, { ...style, size, color, align: "left" });
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
