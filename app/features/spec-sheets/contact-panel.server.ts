import { fontName } from "./pdf-fonts.server";
import { COLORS, CONTENT_BOTTOM, CONTENT_WIDTH, newPage, PAGE, sideX } from "./pdf-document.server";
import { fitText, mixedText, singleLine, textHeight } from "./pdf-text.server";
import type { SheetContext, SheetProduct } from "./sheet-data.server";

const LEFT = PAGE.left;
type Enquiry = Pick<SheetProduct, "name" | "url"> | null;

/**
 * The company's contact details in a dark panel at the foot of the page. When the full panel does not fit below `y`
 * but the short one does, the short one (issue 23: a full panel pushed alone onto a new page left it almost blank);
 * when neither fits, the full panel on a new page.
 */
export function drawContact(doc: PDFKit.PDFDocument, context: SheetContext, product: Enquiry, y: number) {
  const height = contactHeight(doc, context);
  if (y + height <= CONTENT_BOTTOM) return drawFullContact(doc, context, product, CONTENT_BOTTOM - height, height);
  const short = shortContactHeight(doc, context);
  if (y + short <= CONTENT_BOTTOM) return drawShortContact(doc, context, product, CONTENT_BOTTOM - short, short);
  newPage(doc);
  drawFullContact(doc, context, product, CONTENT_BOTTOM - height, height);
}

function drawFullContact(
  doc: PDFKit.PDFDocument,
  context: SheetContext,
  product: Enquiry,
  top: number,
  height: number,
) {
  const column = CONTENT_WIDTH / 2 - 26;
  const x = LEFT + 16;
  const right = LEFT + CONTENT_WIDTH / 2 + 10;
  doc.roundedRect(LEFT, top, CONTENT_WIDTH, height, 6).fill(COLORS.brand900);
  doc.rect(sideX(doc, x, 24), top + 16, 24, 2).fill(COLORS.accent500);
  drawTitle(doc, context, product, x, top + 24, 12);
  const english = context.lang === "en";
  const label = (key: "email" | "phone" | "address" | "online", lx: number, ly: number) => {
    const text = context.t(`pdf.contact.${key}`).toUpperCase();
    // English as it always was; other languages in their scripts' fonts, on the side their pages start.
    if (english)
      doc
        .font(fontName("latin", "bold"))
        .fontSize(7)
        .fillColor(COLORS.brand200)
        .text(text, lx, ly, { lineBreak: false, characterSpacing: 0.6 });
    else singleLine(doc, text, lx, ly - 1, column, { size: 7, weight: "bold", color: COLORS.brand200 });
  };
  const value = { size: 9, color: COLORS.white };
  // A cleared setting leaves its line out (ADR 0035); the phone moves up when there is no email.
  const left = (["email", "phone"] as const).filter((key) => context[key]);
  left.forEach((key, i) => {
    label(key, x, top + 48 + i * 26);
    mixedText(doc, context[key], x, top + 57 + i * 26, column, value);
  });
  if (context.address) {
    label("address", right, top + 48);
    mixedText(doc, context.address, right, top + 57, column, value);
  }
  const link = product ? product.url : context.website;
  label("online", x, top + height - 30);
  singleLine(doc, link, x, top + height - 21, CONTENT_WIDTH - 32, { size: 9, color: COLORS.white, link });
}

const drawTitle = (
  doc: PDFKit.PDFDocument,
  context: SheetContext,
  product: Enquiry,
  x: number,
  y: number,
  size: number,
) => {
  const title = product ? context.t("pdf.contact.enquire", { name: product.name }) : context.t("pdf.contact.us");
  const style = { size, weight: "bold" as const, color: COLORS.white };
  mixedText(doc, fitText(doc, title, CONTENT_WIDTH - 32, size * 1.5, style), x, y, CONTENT_WIDTH - 32, style);
};

/** The height of the full contact panel. */
export function contactHeight(doc: PDFKit.PDFDocument, context: SheetContext) {
  const addressHeight = context.address ? textHeight(doc, context.address, CONTENT_WIDTH / 2 - 26, { size: 9 }) : 0;
  return Math.max(100, 60 + addressHeight) + 30;
}

// The short panel: the title, then email, phone and address on one line (wrapped only when they must), then the link.
const SHORT_DETAILS = { size: 8.5, color: COLORS.white };
const shortDetails = (context: SheetContext) =>
  [context.email, context.phone, context.address].filter(Boolean).join("  ·  ");

/** The height of the short contact panel: every detail of the full one, in three lines instead of eight. */
export function shortContactHeight(doc: PDFKit.PDFDocument, context: SheetContext) {
  return 27 + textHeight(doc, shortDetails(context), CONTENT_WIDTH - 32, SHORT_DETAILS) + 4 + 12 + 8;
}

function drawShortContact(
  doc: PDFKit.PDFDocument,
  context: SheetContext,
  product: Enquiry,
  top: number,
  height: number,
) {
  const x = LEFT + 16;
  doc.roundedRect(LEFT, top, CONTENT_WIDTH, height, 6).fill(COLORS.brand900);
  doc.rect(sideX(doc, LEFT, 4), top, 4, height).fill(COLORS.accent500);
  drawTitle(doc, context, product, x, top + 9, 11);
  mixedText(doc, shortDetails(context), x, top + 27, CONTENT_WIDTH - 32, SHORT_DETAILS);
  const link = product ? product.url : context.website;
  singleLine(doc, link, x, top + height - 20, CONTENT_WIDTH - 32, { size: 8.5, color: COLORS.brand200, link });
}
