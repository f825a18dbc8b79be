import { createCanvas } from "@napi-rs/canvas";
import jsQR from "jsqr";

/** A part of a page in PDF points from its top left (as pdfkit draws). */
export interface PdfRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The QR codes on one page of a PDF, decoded from the page as drawn (never from what the code meant to draw): the
 * page is rendered by pdf.js onto a canvas of @napi-rs/canvas and read by jsQR, so this runs on a machine with only
 * Node and npm. jsQR reads one code per image, and none when it sees two: given `regions` (a label sheet's cells),
 * each is read in turn and an empty one skipped; without them the page is cut along its white gaps (wider than
 * `gap` points, more than a QR code's widest light run inside, less than its quiet zone) into blocks, and each block
 * of a code's size is read, in reading order (top to bottom, then left to right).
 */
export async function qrCodesInPdf(pdf: Buffer | Uint8Array, options: QrReadOptions = {}): Promise<string[]> {
  return (await qrSymbolsInPdf(pdf, options)).map((symbol) => symbol.text);
}

export interface QrReadOptions {
  /** 1 for the first page (the default). */
  page?: number;
  /** Pixels per point the page is rendered at: 4 (288 dpi) by default. */
  scale?: number;
  regions?: readonly PdfRegion[];
  /** The narrowest white band between blocks, in points (4 by default). */
  gap?: number;
}

/** `qrCodesInPdf` with each code's printed size: the symbol's side in millimetres, measured from the rendering. */
export async function qrSymbolsInPdf(
  pdf: Buffer | Uint8Array,
  options: QrReadOptions = {},
): Promise<Array<{ text: string; sizeMm: number }>> {
  const scale = options.scale ?? 4;
  const image = await renderPage(pdf, options.page ?? 1, scale);
  const regions = options.regions
    ? options.regions.map((region) => scaled(region, scale))
    : blocks(image, Math.round((options.gap ?? 4) * scale)).filter(
        (block) => block.width >= MIN_CODE * scale && block.height >= MIN_CODE * scale,
      );
  const found: Array<{ text: string; sizeMm: number }> = [];
  for (const region of regions) {
    const code = decode(crop(image, region, options.regions ? 0 : Math.round(8 * scale)));
    if (!code) continue;
    const { topLeftCorner: a, topRightCorner: b } = code.location;
    found.push({ text: code.data, sizeMm: (Math.hypot(b.x - a.x, b.y - a.y) / scale) * (25.4 / 72) });
  }
  return found;
}

/** The smallest block read as a code without regions: 8 mm in points. */
const MIN_CODE = (8 * 72) / 25.4;

interface Image {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

async function renderPage(pdf: Buffer | Uint8Array, number: number, scale: number): Promise<Image> {
  // The legacy build runs on Node without a DOM (as tests/support/pdf-text.ts); pdfjs takes the buffer it is given.
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 }).promise;
  try {
    if (number < 1 || number > document.numPages) throw new Error(`The PDF has no page ${number}.`);
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext("2d");
    // A page is white where nothing is drawn; the canvas starts transparent.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: new Uint8ClampedArray(data), width: canvas.width, height: canvas.height };
  } finally {
    await document.destroy();
  }
}

const decode = (image: Image) =>
  jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" }) ?? null;

const scaled = (region: PdfRegion, scale: number): PdfRegion => ({
  x: Math.floor(region.x * scale),
  y: Math.floor(region.y * scale),
  width: Math.ceil(region.width * scale),
  height: Math.ceil(region.height * scale),
});

/** The part of the image in `region` (pixels), on white with `pad` pixels of margin round it. */
function crop(image: Image, region: PdfRegion, pad: number): Image {
  const left = Math.max(0, region.x);
  const top = Math.max(0, region.y);
  const width = Math.min(image.width - left, region.width);
  const height = Math.min(image.height - top, region.height);
  const out = { width: width + 2 * pad, height: height + 2 * pad };
  const data = new Uint8ClampedArray(out.width * out.height * 4).fill(255);
  for (let row = 0; row < height; row++) {
    const from = ((top + row) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), ((row + pad) * out.width + pad) * 4);
  }
  return { data, ...out };
}

/**
 * The page's blocks of ink (pixels), cut recursively along white bands at least `gap` pixels wide, across then down
 * (an XY cut): on a label sheet or a table each QR code comes out a block of its own.
 */
function blocks(image: Image, gap: number): PdfRegion[] {
  const dark = new Uint8Array(image.width * image.height);
  for (let i = 0; i < dark.length; i++) {
    const [r, g, b] = [image.data[i * 4], image.data[i * 4 + 1], image.data[i * 4 + 2]];
    dark[i] = 0.299 * r + 0.587 * g + 0.114 * b < 160 ? 1 : 0;
  }
  const inked = (x: number, y: number, width: number, height: number, across: boolean, at: number) => {
    if (across) {
      for (let i = x; i < x + width; i++) if (dark[at * image.width + i]) return true;
    } else for (let j = y; j < y + height; j++) if (dark[j * image.width + at]) return true;
    return false;
  };
  /** The runs of inked rows (across) or columns, split where at least `gap` blank ones lie between. */
  const bands = (box: PdfRegion, across: boolean) => {
    const [from, to] = across ? [box.y, box.y + box.height] : [box.x, box.x + box.width];
    const runs: Array<[number, number]> = [];
    let blank = gap;
    for (let at = from; at < to; at++) {
      if (!inked(box.x, box.y, box.width, box.height, across, at)) {
        blank++;
        continue;
      }
      if (blank >= gap || !runs.length) runs.push([at, at + 1]);
      else runs[runs.length - 1][1] = at + 1;
      blank = 0;
    }
    return runs;
  };
  const out: PdfRegion[] = [];
  const cut = (box: PdfRegion, depth: number) => {
    for (const across of [true, false]) {
      const runs = bands(box, across);
      if (!runs.length) return;
      const tight = runs.map(([start, end]) =>
        across
          ? { x: box.x, y: start, width: box.width, height: end - start }
          : { x: start, y: box.y, width: end - start, height: box.height },
      );
      const [first] = tight;
      const changed = runs.length > 1 || (across ? first.height : first.width) < (across ? box.height : box.width);
      if (changed && depth < 40) {
        tight.forEach((part) => cut(part, depth + 1));
        return;
      }
    }
    out.push(box);
  };
  cut({ x: 0, y: 0, width: image.width, height: image.height }, 0);
  return out;
}
