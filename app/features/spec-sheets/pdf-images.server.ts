import { fontName } from "./pdf-fonts.server";
import { COLORS } from "./pdf-document.server";

// pdfkit decodes an image given as bytes on every use and embeds it again each time: each picture (the logo on every
// page, a photo several products share) is opened once per document and that one image placed wherever needed.
interface OpenedImage {
  width: number;
  height: number;
}
const openedImages = new WeakMap<PDFKit.PDFDocument, WeakMap<Buffer, OpenedImage | null>>();

/** The picture as an image of this document, or null when there is none or pdfkit cannot read it. */
export function openedImage(doc: PDFKit.PDFDocument, bytes: Buffer | null): OpenedImage | null {
  if (!bytes) return null;
  let opened = openedImages.get(doc);
  if (!opened) openedImages.set(doc, (opened = new WeakMap()));
  let image = opened.get(bytes);
  if (image === undefined) {
    try {
      // pdfkit has it (its types do not list it): the image object, placed by `doc.image` as often as needed.
      image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
    } catch {
      image = null;
    }
    opened.set(bytes, image);
  }
  return image;
}

/** Places an image opened by `openedImage`. */
export const placeImage = (
  doc: PDFKit.PDFDocument,
  image: OpenedImage,
  ...args: [number, number, PDFKit.Mixins.ImageOption]
) => doc.image(image as unknown as Buffer, ...args);

/** An image fitted into a box (cropped to fill it), with rounded corners. */
export function photo(doc: PDFKit.PDFDocument, bytes: Buffer | null, x: number, y: number, w: number, h: number) {
  doc.save();
  doc.roundedRect(x, y, w, h, 6).clip();
  const image = openedImage(doc, bytes);
  if (image) {
    placeImage(doc, image, x, y, { cover: [w, h], align: "center", valign: "center" });
  } else {
    doc.rect(x, y, w, h).fill(COLORS.brand50);
    doc
      .font(fontName("latin", "regular"))
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text("No photo available", x, y + h / 2 - 6, { width: w, align: "center" });
  }
  doc.restore();
}
