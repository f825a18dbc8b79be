import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { findCategoryBySlug } from "~/features/catalogue/categories.server";
import type { Storage } from "~/lib/storage/storage.server";
import { fontName } from "./pdf-fonts.server";
import {
  COLORS,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  continuationPages,
  documentBytes,
  fitText,
  footers,
  openedImage,
  placeImage,
  longDate,
  mixedText,
  monthStrip,
  newDocument,
  newPage,
  PAGE,
  photo,
  sectionHeading,
  singleLine,
  structureRoot,
  table,
  tagged,
  textHeight,
  textWidth,
  type TextStyle,
} from "./pdf-layout.server";
import {
  loadSheetContext,
  loadSheetProduct,
  type BuiltPdf,
  type Reads,
  type SheetContext,
  type SheetProduct,
} from "./sheet-data.server";

/**
 * "sheet": the product's own spec sheet, everything in full (a second page when it needs one). "catalogue": one
 * page of the catalogue, condensed to fit it (long texts shortened, table rows that do not fit counted instead).
 */
export type ProductPageMode = "sheet" | "catalogue";

const LEFT = PAGE.left;
const PHOTO = { width: 230, height: 172.5 };

/** The band at the top of a page: logo, company and tagline on the left, what the document is on the right. */
export function drawHeader(doc: PDFKit.PDFDocument, context: SheetContext, label: string): number {
  const top = PAGE.top;
  let x = LEFT;
  const logo = openedImage(doc, context.logo);
  if (logo) {
    const width = Math.min(120, (logo.width * 40) / logo.height);
    placeImage(doc, logo, x, top, { fit: [width, 40], valign: "center" });
    x += width + 12;
  }
  mixedText(doc, context.company, x, top + 2, 300, { size: 16, weight: "bold", color: COLORS.brand900 });
  if (context.tagline)
    mixedText(doc, context.tagline, x, top + 24, 260, { size: 8.5, color: COLORS.muted, lineGap: 0 });
  mixedText(doc, label.toUpperCase(), LEFT, top + 6, CONTENT_WIDTH, {
    size: 8,
    weight: "bold",
    color: COLORS.accent700,
    align: "right",
    characterSpacing: 1,
  });
  mixedText(doc, context.website.replace(/^https?:\/\//, ""), LEFT, top + 20, CONTENT_WIDTH, {
    size: 8.5,
    color: COLORS.brand700,
    align: "right",
  });
  const y = top + 48;
  doc.rect(LEFT, y, CONTENT_WIDTH, 2.5).fill(COLORS.brand700);
  doc.rect(LEFT, y, 60, 2.5).fill(COLORS.accent500);
  return y + 16;
}

/** One product: the whole spec sheet, or its page of the catalogue. */
export function drawProduct(
  doc: PDFKit.PDFDocument,
  context: SheetContext,
  product: SheetProduct,
  mode: ProductPageMode,
) {
  const condensed = mode === "catalogue";
  let y = drawHeader(doc, context, condensed ? "Product Catalogue" : "Product Specification Sheet");

  // Title.
  mixedText(doc, product.category.toUpperCase(), LEFT, y, CONTENT_WIDTH, {
    size: 8.5,
    weight: "bold",
    color: COLORS.accent700,
    characterSpacing: 0.8,
  });
  y = mixedText(doc, product.name, LEFT, y + 13, CONTENT_WIDTH, { size: 21, weight: "bold", color: COLORS.brand900 });
  y += 10;

  // Photo, and the overview beside it.
  const pagesBefore = doc.bufferedPageRange().count;
  photo(doc, product.photo, LEFT, y, PHOTO.width, PHOTO.height);
  const textX = LEFT + PHOTO.width + 18;
  const textWidth = CONTENT_WIDTH - PHOTO.width - 18;
  let textY = sectionHeading(doc, "Overview", textX, y, textWidth);
  const body = { size: 9.5, color: COLORS.ink, lineGap: 2 };
  const description = product.description || `Premium ${product.name}, graded and packed for export.`;
  if (condensed) {
    const room = y + PHOTO.height - textY;
    const both = product.exportInfo ? `${description}\n\n${product.exportInfo}` : description;
    textY = mixedText(doc, fitText(doc, both, textWidth, room, body), textX, textY, textWidth, body);
  } else {
    textY = mixedText(doc, description, textX, textY, textWidth, body);
    if (product.exportInfo) {
      textY = sectionHeading(doc, "Export Information", textX, textY + 10, textWidth);
      textY = mixedText(doc, product.exportInfo, textX, textY, textWidth, body);
    }
  }
  // A long description may have run onto a new page: carry on below it there.
  y = doc.bufferedPageRange().count > pagesBefore ? textY : Math.max(y + PHOTO.height, textY);
  y += 16;

  // Indicative price: only a current one reaches here.
  if (product.price) {
    y = roomFor(doc, y, 40, condensed);
    const validity = product.price.validUntil ? `Valid until ${longDate(product.price.validUntil)}\n` : "";
    doc.rect(LEFT, y, CONTENT_WIDTH, 34).fill(COLORS.accent50);
    doc.rect(LEFT, y, 3, 34).fill(COLORS.accent500);
    mixedText(doc, "INDICATIVE PRICE", LEFT + 14, y + 6, 200, {
      size: 7.5,
      weight: "bold",
      color: COLORS.accent700,
      characterSpacing: 0.8,
    });
    mixedText(doc, product.price.text, LEFT + 14, y + 16, 280, { size: 11, weight: "bold", color: COLORS.ink });
    mixedText(doc, `${validity}Confirmed in our quotation`, LEFT + 280, y + (validity ? 7 : 13), CONTENT_WIDTH - 294, {
      size: 8,
      color: COLORS.muted,
      align: "right",
    });
    y += 34 + 16;
  }

  // Availability.
  if (product.hasAvailability) {
    y = roomFor(doc, y, 50, condensed);
    y = sectionHeading(doc, "Availability", LEFT, y, CONTENT_WIDTH);
    y = monthStrip(doc, product.months, LEFT, y, CONTENT_WIDTH) + 16;
  }

  // Specifications and trade terms: side by side in the catalogue, one under the other on a sheet.
  const specs = product.specifications;
  const terms = product.tradeTerms;
  const more = (n: number) => `+ ${n} more on the product's spec sheet`;
  if (condensed) {
    const certificatesHeight = context.certificates.length ? 40 : 0;
    const maxBottom = ENQUIRY_TOP - 12 - certificatesHeight;
    const both = specs.length > 0 && terms.length > 0;
    const half = (CONTENT_WIDTH - 18) / 2;
    let bottom = y;
    const blocks = [
      { title: "Specifications", rows: specs },
      { title: "Trade Terms", rows: terms },
    ].filter((b) => b.rows.length);
    blocks.forEach((block, i) => {
      const x = both ? LEFT + i * (half + 18) : LEFT;
      const width = both ? half : CONTENT_WIDTH;
      if (y + 40 > maxBottom) return;
      const top = sectionHeading(doc, block.title, x, y, width);
      const end = table(doc, block.rows, { x, y: top, width, labelWidth: width * 0.4, maxBottom, moreText: more });
      bottom = Math.max(bottom, end);
    });
    y = bottom + 16;
    if (context.certificates.length && y + 30 <= ENQUIRY_TOP - 12) {
      y = sectionHeading(doc, "Certifications", LEFT, y, CONTENT_WIDTH);
      const line = context.certificates.map((c) => c.name).join("  ·  ");
      const style = { size: 8.5, color: COLORS.ink };
      mixedText(doc, fitText(doc, line, CONTENT_WIDTH, ENQUIRY_TOP - 12 - y, style), LEFT, y, CONTENT_WIDTH, style);
    }
    drawEnquiryBar(doc, context, product);
    return;
  }
  for (const block of [
    { title: "Specifications", rows: specs },
    { title: "Trade Terms", rows: terms },
  ]) {
    if (!block.rows.length) continue;
    y = roomFor(doc, y, 60, false);
    y = sectionHeading(doc, block.title, LEFT, y, CONTENT_WIDTH);
    y = table(doc, block.rows, { x: LEFT, y, width: CONTENT_WIDTH, labelWidth: 170 }) + 16;
  }
  if (context.certificates.length) y = drawCertificates(doc, context, roomFor(doc, y, 60, false)) + 16;
  drawContact(doc, context, product, y);
}

/** Where the catalogue's enquiry bar starts: at the foot of each product's page (two lines: contact, then URL). */
const ENQUIRY_HEIGHT = 42;
const ENQUIRY_TOP = CONTENT_BOTTOM - ENQUIRY_HEIGHT;

/** The catalogue's short form of the contact panel: email and phone, and the product's whole page address. */
function drawEnquiryBar(doc: PDFKit.PDFDocument, context: SheetContext, product: SheetProduct) {
  doc.roundedRect(LEFT, ENQUIRY_TOP, CONTENT_WIDTH, ENQUIRY_HEIGHT, 5).fill(COLORS.brand900);
  doc.rect(LEFT, ENQUIRY_TOP, 4, ENQUIRY_HEIGHT).fill(COLORS.accent500);
  const style = { size: 8.5, weight: "bold" as const, color: COLORS.white };
  const contact = `${context.email}  ·  ${context.phone}`;
  mixedText(
    doc,
    fitText(doc, contact, CONTENT_WIDTH - 28, 14, style),
    LEFT + 14,
    ENQUIRY_TOP + 8,
    CONTENT_WIDTH - 28,
    style,
  );
  singleLine(doc, product.url.replace(/^https?:\/\//, ""), LEFT + 14, ENQUIRY_TOP + 24, CONTENT_WIDTH - 28, {
    size: 8,
    color: COLORS.brand200,
    link: product.url,
  });
}

/** Starts a new page when `height` does not fit below `y` (never in the catalogue, whose pages are fixed). */
function roomFor(doc: PDFKit.PDFDocument, y: number, height: number, condensed: boolean): number {
  if (condensed || y + height <= CONTENT_BOTTOM) return y;
  newPage(doc);
  return doc.page.margins.top;
}

/** Certificates in two columns: a brand dot, the name, who issued it, its number and its last day. */
export function drawCertificates(
  doc: PDFKit.PDFDocument,
  context: SheetContext,
  top: number,
  certificates = context.certificates,
): number {
  let y = sectionHeading(doc, "Certifications", LEFT, top, CONTENT_WIDTH);
  const half = (CONTENT_WIDTH - 18) / 2;
  for (let i = 0; i < certificates.length; i += 2) {
    const pair = certificates.slice(i, i + 2);
    const height = Math.max(...pair.map((c) => certificateHeight(doc, c, half)));
    y = roomFor(doc, y, height, false);
    pair.forEach((certificate, j) => {
      const x = LEFT + j * (half + 18);
      doc.circle(x + 4, y + 6, 2.5).fill(COLORS.brand600);
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
  const number = c.number ? `No. ${c.number}` : null;
  const valid = c.validUntil ? `Valid until ${longDate(c.validUntil)}` : null;
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

/** The company's contact details in a dark panel, at the foot of the last page when there is room there. */
export function drawContact(
  doc: PDFKit.PDFDocument,
  context: SheetContext,
  product: Pick<SheetProduct, "name" | "url"> | null,
  y: number,
) {
  const column = CONTENT_WIDTH / 2 - 26;
  const height = contactHeight(doc, context);
  let top = Math.max(y, CONTENT_BOTTOM - height);
  if (top + height > CONTENT_BOTTOM) {
    newPage(doc);
    top = CONTENT_BOTTOM - height;
  }
  const x = LEFT + 16;
  const right = LEFT + CONTENT_WIDTH / 2 + 10;
  doc.roundedRect(LEFT, top, CONTENT_WIDTH, height, 6).fill(COLORS.brand900);
  doc.rect(x, top + 16, 24, 2).fill(COLORS.accent500);
  const title = product ? `Enquire about ${product.name}` : "Contact us";
  mixedText(
    doc,
    fitText(doc, title, CONTENT_WIDTH - 32, 18, { size: 12, weight: "bold" }),
    x,
    top + 24,
    CONTENT_WIDTH - 32,
    {
      size: 12,
      weight: "bold",
      color: COLORS.white,
    },
  );
  const label = (text: string, lx: number, ly: number) =>
    doc
      .font(fontName("latin", "bold"))
      .fontSize(7)
      .fillColor(COLORS.brand200)
      .text(text, lx, ly, { lineBreak: false, characterSpacing: 0.6 });
  const value = { size: 9, color: COLORS.white };
  label("EMAIL", x, top + 48);
  mixedText(doc, context.email, x, top + 57, column, value);
  label("PHONE", x, top + 74);
  mixedText(doc, context.phone, x, top + 83, column, value);
  label("ADDRESS", right, top + 48);
  mixedText(doc, context.address, right, top + 57, column, value);
  const link = product ? product.url : context.website;
  label("ONLINE", x, top + height - 30);
  singleLine(doc, link, x, top + height - 21, CONTENT_WIDTH - 32, { size: 9, color: COLORS.white, link });
}

/** The height of the contact panel `drawContact` draws. */
export function contactHeight(doc: PDFKit.PDFDocument, context: SheetContext) {
  const addressHeight = textHeight(doc, context.address, CONTENT_WIDTH / 2 - 26, { size: 9 });
  return Math.max(100, 60 + addressHeight) + 30;
}

export const footerText = (context: SheetContext) =>
  `${context.company} · ${context.website.replace(/^https?:\/\//, "")}`;

/** A product's spec sheet, or null when the category or product does not exist. */
export async function makeSpecSheet(
  services: { db: Db; storage: Storage; config: Pick<AppConfig, "publicUrl" | "port"> },
  categorySlug: string,
  productSlug: string,
  now = new Date(),
): Promise<BuiltPdf | null> {
  const { db, storage, config } = services;
  const category = await findCategoryBySlug(db, categorySlug);
  if (!category) return null;
  const row = await db
    .selectFrom("products")
    .selectAll()
    .where("category_id", "=", category.id)
    .where("slug", "=", productSlug)
    .executeTakeFirst();
  if (!row) return null;
  const reads: Reads = { incomplete: false };
  const context = await loadSheetContext(db, storage, config, now, reads);
  const product = await loadSheetProduct(storage, row, category, context, reads);
  const doc = await newDocument({
    title: `${product.name} – Specification Sheet`,
    author: context.company,
    subject: `${product.name} (${product.category})`,
    day: context.day,
  });
  doc.addPage();
  const root = structureRoot(doc);
  continuationPages(doc, (page) => {
    mixedText(doc, `${product.name} · ${context.company}`, LEFT, PAGE.top, CONTENT_WIDTH * 0.7, {
      size: 8.5,
      weight: "bold",
      color: COLORS.brand800,
    });
    mixedText(doc, `Specification sheet, continued (page ${page})`, LEFT, PAGE.top, CONTENT_WIDTH, {
      size: 8,
      color: COLORS.muted,
      align: "right",
    });
    doc.rect(LEFT, PAGE.top + 16, CONTENT_WIDTH, 1.5).fill(COLORS.brand700);
  });
  tagged(doc, root, "Sect", () => drawProduct(doc, context, product, "sheet"));
  footers(doc, footerText(context), longDate(context.day));
  return { bytes: await documentBytes(doc), complete: !reads.incomplete };
}
