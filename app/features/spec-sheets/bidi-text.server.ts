import bidiFactory from "bidi-js";
import { fontName, LATIN_ASCENDER, type FontName, type Weight } from "./pdf-fonts.server";
import { isArabic, scriptOf, type Script } from "./script-runs";
import { isBidiControl, withoutBidiControls } from "~/lib/i18n/bidi";

/**
 * Right-to-left text for the PDFs (issue 26, Arabic). pdfkit has no bidi and its line wrapper only runs left to
 * right, so a paragraph is laid out here: the Unicode bidi algorithm (bidi-js) resolves each character's direction
 * once per paragraph, lines are broken at spaces in logical order, and each line is drawn as runs of one font and
 * one direction placed right to left at explicit x positions. Numbers, HS codes, ports and URLs stay left to right
 * inside the Arabic line, as the algorithm says.
 */
const bidi = bidiFactory();

export interface BidiStyle {
  size: number;
  weight?: Weight;
  lineGap?: number;
}

/**
 * Line height of a right-to-left line: Noto Naskh's descender (634/1000 em) reaches lower than Noto Sans's (293),
 * so its lines stand further apart than the Latin font's 1.362 em.
 */
export const rtlLineHeight = (style: BidiStyle) => style.size * 1.6 + (style.lineGap ?? 1.5);

interface Run {
  font: FontName;
  /** What goes to pdfkit, each piece at `x` from the run's left edge (see `pieces`). */
  pieces: Array<{ text: string; x: number }>;
  /** Its characters in the order they are drawn, left to right: what a text extractor reads (ActualText). */
  drawn: string;
  width: number;
}

export interface BidiLine {
  runs: Run[];
  width: number;
}

const isDigit = (char: string) => char >= "0" && char <= "9";

/** The font of each character (UTF-16 index): its script's, neutrals beside the strong text they belong to. */
function fontsOf(text: string, levels: Uint8Array, weight: Weight): FontName[] {
  // By UTF-16 unit, as bidi-js counts.
  const scripts: Array<Script | null> = text.split("").map(scriptOf);
  // A neutral takes the script before it (or after it, at the start).
  let last: Script | null = null;
  for (let i = 0; i < scripts.length; i++) last = scripts[i] ??= last;
  for (let i = scripts.length - 1; i >= 0; i--) last = scripts[i] ??= last;
  return scripts.map((script, i) => {
    const char = text[i];
    // ASCII digits always in Noto Sans; other neutrals resolved right to left sit with the Arabic words.
    if (isDigit(char)) return fontName("latin", weight);
    if (scriptOf(char) === null && levels[i] & 1) return fontName("arabic", weight);
    return fontName(script ?? "latin", weight);
  });
}

/**
 * A paragraph's own direction: right to left when it has an Arabic letter. A phone number, an email address, "80–100"
 * or an English value keeps its order ("+91 98765 43210" would come out as "43210 98765 +91" in a right-to-left
 * paragraph); it is still set against the right edge. A translated text that starts with a Latin code ("USD 380–420
 * لكل MT") is still an Arabic sentence.
 */
function baseDirection(text: string): "ltr" | "rtl" {
  return /(?![\u0660-\u0669\u06F0-\u06F9])\p{Script=Arabic}/u.test(text) ? "rtl" : "ltr";
}

/** The width of `text` as drawn: the bidi marks steer the layout and are drawn by no font (no .notdef boxes). */
function measure(doc: PDFKit.PDFDocument, text: string, font: FontName, size: number) {
  return doc.font(font).fontSize(size).widthOfString(withoutBidiControls(text));
}

/** The lines of one paragraph (no newline in it), broken to `width`, as visual runs. */
function paragraphLines(doc: PDFKit.PDFDocument, text: string, width: number, style: BidiStyle): BidiLine[] {
  if (!text.trim()) return [];
  const weight = style.weight ?? "regular";
  const levels = bidi.getEmbeddingLevels(text, baseDirection(text));
  const fonts = fontsOf(text, levels.levels, weight);
  const spanWidth = (start: number, end: number) => {
    let sum = 0;
    let from = start;
    for (let i = start; i <= end; i++)
      if (i === end || fonts[i] !== fonts[from]) {
        if (i > from) sum += measure(doc, text.slice(from, i), fonts[from], style.size);
        from = i;
      }
    return sum;
  };
  // Greedy breaking at spaces, in logical order (a word longer than the line keeps a line of its own).
  const lines: Array<{ start: number; end: number }> = [];
  let current: { start: number; end: number } | null = null;
  let used = 0;
  for (const match of text.matchAll(/\S+\s*/g)) {
    const start = match.index;
    const end = start + match[0].trimEnd().length;
    const tokenWidth = spanWidth(start, end);
    if (current && used + tokenWidth > width) {
      lines.push(current);
      current = null;
      used = 0;
    }
    current = current ? { start: current.start, end } : { start, end };
    used += tokenWidth + spanWidth(end, start + match[0].length);
  }
  if (current) lines.push(current);
  return lines.map(({ start, end }) => visualLine(doc, text, levels, fonts, start, end - 1, style.size));
}

/** One line (`start`..`end` inclusive) as runs left to right. */
function visualLine(
  doc: PDFKit.PDFDocument,
  text: string,
  levels: ReturnType<typeof bidi.getEmbeddingLevels>,
  fonts: FontName[],
  start: number,
  end: number,
  size: number,
): BidiLine {
  // getReorderedIndices gives every index of the text with only [start, end] reordered; the mirrored map wants the
  // levels array itself (given the result object it finds nothing).
  const order = bidi
    .getReorderedIndices(text, levels, start, end)
    .filter((i) => i >= start && i <= end && !isBidiControl(text[i]));
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, start, end);
  const groups: Array<{ font: FontName; rtl: boolean; chars: string[] }> = [];
  for (const i of order) {
    const rtl = (levels.levels[i] & 1) === 1;
    const char = mirrored.get(i) ?? text[i];
    const group = groups.at(-1);
    if (group && group.font === fonts[i] && group.rtl === rtl) group.chars.push(char);
    else groups.push({ font: fonts[i], rtl, chars: [char] });
  }
  const runs = groups.map(({ font, chars }) => ({ font, drawn: chars.join(""), ...pieces(doc, chars, font, size) }));
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

/**
 * A run as pdfkit draws it. A run without Arabic script goes as it is drawn. One with Arabic (Arabic-Indic digits
 * too) goes word by word, each word's characters back in reading order: fontkit lays out a word of Arabic script
 * right to left itself, and pdfkit shapes and caches word by word (shared between documents, `registerFonts`), where
 * a whole run given at once would be shaped afresh every time.
 */
function pieces(doc: PDFKit.PDFDocument, chars: string[], font: FontName, size: number) {
  const drawn = chars.join("");
  if (!chars.some(isArabic)) return { pieces: [{ text: drawn, x: 0 }], width: measure(doc, drawn, font, size) };
  const result: Array<{ text: string; x: number }> = [];
  let x = 0;
  for (const chunk of drawn.split(/( +)/)) {
    if (!chunk) continue;
    const text = chunk.trim() ? [...chunk].reverse().join("") : chunk;
    if (chunk.trim()) result.push({ text, x });
    x += measure(doc, text, font, size);
  }
  return { pieces: result, width: x };
}

/**
 * Laid-out texts by document: a text is measured (`textHeight`, `fitText`) before it is drawn, often more than once.
 * Kept per document and bounded, as a catalogue lays out a few thousand.
 */
const laidOut = new WeakMap<PDFKit.PDFDocument, Map<string, BidiLine[]>>();
const MAX_LAID_OUT = 2_000;

/** Every line of `text` at `width` (a newline starts a paragraph; an empty one is a blank line). */
export function bidiLines(doc: PDFKit.PDFDocument, text: string, width: number, style: BidiStyle): BidiLine[] {
  let known = laidOut.get(doc);
  if (!known || known.size > MAX_LAID_OUT) laidOut.set(doc, (known = new Map()));
  const key = `${width}\u0000${style.size}\u0000${style.weight ?? "regular"}\u0000${text}`;
  let lines = known.get(key);
  if (!lines) {
    lines = text.split("\n").flatMap((paragraph) => {
      const found = paragraphLines(doc, paragraph, width, style);
      return found.length ? found : [{ runs: [], width: 0 }];
    });
    known.set(key, lines);
  }
  return lines;
}

/** The height `text` takes at `width`. */
export const bidiHeight = (doc: PDFKit.PDFDocument, text: string, width: number, style: BidiStyle) =>
  text ? bidiLines(doc, text, width, style).length * rtlLineHeight(style) : 0;

/**
 * Draws right-to-left `text` in the box at (x, y) `width` wide, each line set against its right edge (or its left
 * or centre with `align`), onto a new page when a line does not fit on this one. Returns the y below.
 */
export function drawBidiText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  style: BidiStyle & { color: string; align: "left" | "right" | "center" },
): number {
  const height = rtlLineHeight(style);
  doc.fillColor(style.color);
  for (const line of bidiLines(doc, text, width, style)) {
    if (y + height > doc.page.maxY()) {
      (doc as unknown as { continueOnNewPage(): void }).continueOnNewPage();
      y = doc.page.margins.top;
    }
    let cx =
      style.align === "left" ? x : style.align === "center" ? x + (width - line.width) / 2 : x + width - line.width;
    for (const run of line.runs) {
      // The glyphs of an Arabic run carry the wrong letters for extraction (the font draws ب ت ن ي as one dotless
      // form plus marks): the run says what it reads, in the order drawn, as a left-to-right PDF's text would be.
      const spelt = run.drawn.split("").some(isArabic);
      if (spelt) doc.markContent("Span", { actual: run.drawn });
      doc.font(run.font).fontSize(style.size);
      for (const piece of run.pieces)
        doc.text(piece.text, cx + piece.x, y, { lineBreak: false, baseline: -LATIN_ASCENDER * style.size });
      if (spelt) doc.endMarkedContent();
      cx += run.width;
    }
    y += height;
  }
  doc.x = x;
  doc.y = y;
  return y;
}
