import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * Reads a PDF's text back for the tests: with poppler's `pdftotext` where it is installed, else with pdfjs-dist from
 * npm, so `npm ci && npm test` passes on a machine that has only Node. PDF_READER=pdfjs takes pdfjs-dist even where
 * poppler is: .ci/run reads the PDFs with each, one per database. Both give one line per line of the page and a form
 * feed between pages; assertions look for words and short phrases, which both keep. pdf.js ignores ActualText, so
 * what only poppler reads right (Arabic, Bengali in logical order) is checked where `pdfReaderName()` is pdftotext.
 */
export async function readPdfText(bytes: Uint8Array, pages?: { first: number; last: number }): Promise<string> {
  const pdftotext = findPdftotext();
  if (pdftotext) {
    const range = pages ? ["-f", String(pages.first), "-l", String(pages.last)] : [];
    return execFileSync(pdftotext, [...range, "-", "-"], { input: bytes, encoding: "utf8" });
  }
  return readWithPdfjs(bytes, pages);
}

/** Which reader the tests use here, for a test's name or a log line. */
export const pdfReaderName = () => (findPdftotext() ? "pdftotext" : "pdfjs-dist");

const POPPLER_PATHS = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext", "/opt/homebrew/bin/pdftotext"];
let found: string | null | undefined;
function findPdftotext(): string | null {
  if (found === undefined)
    found =
      process.env.PDF_READER === "pdfjs" ? null : (POPPLER_PATHS.find((candidate) => fs.existsSync(candidate)) ?? null);
  return found;
}

async function readWithPdfjs(bytes: Uint8Array, pages?: { first: number; last: number }): Promise<string> {
  // The legacy build runs on Node without a DOM; pdfjs takes ownership of the buffer it is given, hence the copy.
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 })
    .promise;
  try {
    const first = pages?.first ?? 1;
    const last = Math.min(pages?.last ?? document.numPages, document.numPages);
    const texts: string[] = [];
    for (let number = first; number <= last; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      // Where the last run ended, to start a new line where pdftotext would: a run on another baseline, or one
      // far to the right of the last (a table's value beside its label is a column of its own, as pdftotext reads it).
      let last: { x: number; y: number } | null = null;
      let space = false;
      for (const item of content.items) {
        if (!("str" in item)) continue;
        // pdfjs adds runs of spaces of its own, as wide as the gap they stand for: the gap is judged without them.
        if (item.str.trim() === "") {
          space ||= item.str !== "";
          if (item.hasEOL && !text.endsWith("\n")) text += "\n";
          continue;
        }
        const [, , , , x, y] = item.transform as number[];
        if (last && !text.endsWith("\n") && (Math.abs(y! - last.y) > 1 || x! - last.x > 12)) text += "\n";
        else if (space && text && !text.endsWith("\n")) text += " ";
        space = false;
        text += item.str;
        last = { x: x! + item.width, y: y! };
        if (item.hasEOL) text += "\n";
      }
      texts.push(text);
    }
    return texts.join("\f");
  } finally {
    await document.destroy();
  }
}

/** A drawn piece of text and its box in points, from the page's top left. */
export interface TextBox {
  page: number;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every piece of text a PDF draws with its box: poppler's words (`pdftotext -bbox`), else pdf.js's runs. Used to
 * check that no text is printed over other text.
 */
export async function pdfTextBoxes(bytes: Uint8Array): Promise<TextBox[]> {
  const pdftotext = findPdftotext();
  if (pdftotext) {
    const html = execFileSync(pdftotext, ["-bbox", "-", "-"], { input: bytes, encoding: "utf8" });
    const boxes: TextBox[] = [];
    html.split("<page ").forEach((page, index) => {
      for (const m of page.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ))
        boxes.push({
          page: index,
          text: m[5],
          x: Number(m[1]),
          y: Number(m[2]),
          width: Number(m[3]) - Number(m[1]),
          height: Number(m[4]) - Number(m[2]),
        });
    });
    return boxes;
  }
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 })
    .promise;
  try {
    const boxes: TextBox[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const height = page.getViewport({ scale: 1 }).height;
      for (const item of (await page.getTextContent()).items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const [, , , , x, y] = item.transform as number[];
        boxes.push({
          page: number,
          text: item.str,
          x: x!,
          y: height - y! - item.height,
          width: item.width,
          height: item.height,
        });
      }
    }
    return boxes;
  } finally {
    await document.destroy();
  }
}

/**
 * Pairs of text boxes on one page printed over each other: overlapping by more than `slack` points across and by
 * more than half the lower one's height down (letters that merely touch, or a line's descender on the next line's
 * capitals, are not a collision).
 */
export function overlappingText(boxes: readonly TextBox[], slack = 1): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      if (a.page !== b.page) continue;
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (across > slack && down > Math.min(a.height, b.height) / 2)
        found.push(`page ${a.page}: "${a.text}" over "${b.text}"`);
    }
  return found;
}
