import { COLORS, CONTENT_WIDTH, documentLanguage, longDate, PAGE, roomFor, sideX } from "./pdf-document.server";
import { sectionHeading } from "./pdf-layout.server";
import { mixedText, singleLine, textHeight, textWidth, type TextStyle } from "./pdf-text.server";
import type { SheetContext } from "./sheet-data.server";

const LEFT = PAGE.left;

/**
 * Certificates in two columns: a brand dot, the name, who issued it, its number and its last day. Returns the y
 * below; `keepWithLast` is the room the block after them needs (see `table`).
 */
export function drawCertificates(
  doc: PDFKit.PDFDocument,
  context: SheetContext,
  top: number,
  certificates = context.certificates,
  keepWithLast = 0,
): number {
  const half = (CONTENT_WIDTH - 18) / 2;
  const pairHeight = (i: number) =>
    Math.max(...certificates.slice(i, i + 2).map((c) => certificateHeight(doc, c, half)));
  const last = (i: number) => i + 2 >= certificates.length;
  // The heading never ends a page: it goes with the first pair (and what follows, when that pair is the last).
  top = roomFor(doc, top, 22 + pairHeight(0) + (last(0) ? keepWithLast : 0));
  let y = sectionHeading(doc, context.t("pdf.certifications"), LEFT, top, CONTENT_WIDTH);
  for (let i = 0; i < certificates.length; i += 2) {
    const pair = certificates.slice(i, i + 2);
    const height = pairHeight(i);
    // The last pair keeps `keepWithLast` below it on its page, so what follows never starts a page alone.
    y = roomFor(doc, y, height + (last(i) ? keepWithLast : 0));
    pair.forEach((certificate, j) => {
      const x = LEFT + j * (half + 18);
      doc.circle(sideX(doc, x + 4, 0), y + 6, 2.5).fill(COLORS.brand600);
      let below = mixedText(doc, certificate.name, x + 12, y, half - 12, CERTIFICATE.name);
      for (const line of certificateLines(doc, certificate, half - 12)) {
        if (line.whole) {
          singleLine(doc, line.text, x + 12, below, half - 12, CERTIFICATE.detail);
          below += WHOLE_LINE;
        } else below = mixedText(doc, line.text, x + 12, below, half - 12, CERTIFICATE.detail);
      }
    });
    y += height + 6;
  }
  return y;
}

const CERTIFICATE = {
  name: { size: 9, weight: "bold", color: COLORS.ink },
  detail: { size: 8, color: COLORS.muted },
} satisfies Record<string, TextStyle>;
const WHOLE_LINE = 11;

type Certificate = SheetContext["certificates"][number];

/**
 * The lines under a certificate's name: the issuer (wrapped), then its number and last day. The number is one
 * piece never broken (at its hyphens or anywhere): it goes whole onto the next line, beside the date when both fit.
 */
function certificateLines(doc: PDFKit.PDFDocument, c: Certificate, width: number) {
  const lines: Array<{ text: string; whole: boolean }> = [];
  if (c.authority) lines.push({ text: c.authority, whole: false });
  const { t, lang } = documentLanguage(doc);
  const number = c.number ? t("pdf.certificate.number", { number: c.number }) : null;
  const valid = c.validUntil ? t("pdf.validUntil", { date: longDate(c.validUntil, lang) }) : null;
  if (number && valid && textWidth(doc, `${number} · ${valid}`, CERTIFICATE.detail) <= width)
    lines.push({ text: `${number} · ${valid}`, whole: true });
  else {
    if (number) lines.push({ text: number, whole: true });
    if (valid) lines.push({ text: valid, whole: false });
  }
  return lines;
}

/** The height of one certificate's entry in a column `width` wide. */
export function certificateHeight(doc: PDFKit.PDFDocument, c: Certificate, width: number) {
  return (
    textHeight(doc, c.name, width - 12, CERTIFICATE.name) +
    certificateLines(doc, c, width - 12).reduce(
      (sum, line) => sum + (line.whole ? WHOLE_LINE : textHeight(doc, line.text, width - 12, CERTIFICATE.detail)),
      0,
    )
  );
}

/** The height `drawCertificates` takes for `certificates`, heading included. */
export function certificatesHeight(doc: PDFKit.PDFDocument, certificates: Certificate[]) {
  const half = (CONTENT_WIDTH - 18) / 2;
  let height = 22;
  for (let i = 0; i < certificates.length; i += 2)
    height += Math.max(...certificates.slice(i, i + 2).map((c) => certificateHeight(doc, c, half))) + 6;
  return height;
}
