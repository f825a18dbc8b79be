import PDFDocument from "pdfkit";
import { catalogueOf } from "~/features/i18n/catalogues.server";
import { makeTranslator, type Translate } from "~/features/i18n/translate";
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type Language } from "~/lib/i18n/languages";
import { loadFonts, registerFonts } from "./pdf-fonts.server";

// The document and its pages: colours, A4 geometry, language and direction, tagged structure, page breaks.

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

/** "24 November 2026", for the date a document was made (in the document's language: `documentLanguage(doc).date`). */
export const longDate = (day: string, lang: Language = DEFAULT_LANGUAGE) =>
  new Intl.DateTimeFormat(lang === DEFAULT_LANGUAGE ? "en-GB" : lang, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
