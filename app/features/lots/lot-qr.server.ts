import QRCode from "qrcode";

// A QR code drawn as vector squares into a PDF, so it prints sharp at any size and on any printer (an image would be
// resampled by the printer's driver, and a blurred module edge is what makes a phone fail to read a label).

/** The light margin a reader needs around the symbol, in modules (ISO/IEC 18004 asks for 4). */
export const QUIET_ZONE = 4;

/**
 * The QR code of `text` (error correction M: a smudged or creased bag still reads) in the square box at (x, y),
 * `size` points wide, the quiet zone included: the box is painted white and the symbol drawn inside it with
 * `quietZone` modules of margin all round, so the caller keeps other ink outside the box only.
 */
export function drawQrCode(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
  options: { quietZone?: number } = {},
): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = options.quietZone ?? QUIET_ZONE;
  const module = size / (modules.size + 2 * quiet);
  const left = x + quiet * module;
  const top = y + quiet * module;
  doc.save();
  doc.rect(x, y, size, size).fill("#ffffff");
  // Each row's runs of dark modules as one rectangle, all in one path filled once: a reader sees no hairline seams
  // between neighbouring squares (separate fills are anti-aliased edge to edge), and the page stays small.
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.get(row, column) === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        doc.rect(left + start * module, top + row * module, (column - start) * module, module);
        start = -1;
      }
    }
  }
  doc.fill("#000000");
  doc.restore();
}

/** The modules across the symbol of `text` with its quiet zone: the box's size is this times the module's size. */
export function qrModulesAcross(text: string, quietZone = QUIET_ZONE): number {
  return QRCode.create(text, { errorCorrectionLevel: "M" }).modules.size + 2 * quietZone;
}
