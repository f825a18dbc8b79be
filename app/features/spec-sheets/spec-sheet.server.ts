import type { AppConfig } from "~/config.server";
import { pageTag, type PageTag } from "~/lib/web/page-tags";
import type { Db } from "~/db/database.server";
import { findCategoryBySlug } from "~/features/catalogue/categories.server";
import type { Storage } from "~/lib/storage/storage.server";
import {
  COLORS,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  continuationPages,
  documentBytes,
  longDate,
  newDocument,
  PAGE,
  roomFor,
  sideX,
  structureRoot,
  tagged,
} from "./pdf-document.server";
import { footers, monthStrip, sectionHeading, table } from "./pdf-layout.server";
import { fitText, mixedText, singleLine } from "./pdf-text.server";
import { openedImage, photo, placeImage } from "./pdf-images.server";
import { drawCertificates } from "./certificates-block.server";
import { drawContact, shortContactHeight } from "./contact-panel.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { fieldsOf, idOfTranslatedSlug, readSheetTranslations } from "./sheet-translations.server";
import {
  loadSheetContext,
  SHEET_CONTEXT_SHOWS,
  loadSheetProduct,
  type BuiltPdf,
  type Reads,
  type SheetContext,
  type SheetProduct,
} from "./sheet-data.server";
import { productPublished, publicCategory } from "~/features/publishing/visibility.server";

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
    placeImage(doc, logo, sideX(doc, x, width), top, { fit: [width, 40], valign: "center" });
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
  doc.rect(sideX(doc, LEFT, 60), y, 60, 2.5).fill(COLORS.accent500);
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
  const { t } = context;
  let y = drawHeader(doc, context, t(condensed ? "pdf.catalogue.label" : "pdf.sheet.label"));

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
  photo(doc, product.photo, sideX(doc, LEFT, PHOTO.width), y, PHOTO.width, PHOTO.height);
  const textX = LEFT + PHOTO.width + 18;
  const textWidth = CONTENT_WIDTH - PHOTO.width - 18;
  let textY = sectionHeading(doc, t("pdf.overview"), textX, y, textWidth);
  const body = { size: 9.5, color: COLORS.ink, lineGap: 2 };
  const description = product.description || t("pdf.description.fallback", { name: product.name });
  if (condensed) {
    const room = y + PHOTO.height - textY;
    const both = product.exportInfo ? `${description}\n\n${product.exportInfo}` : description;
    textY = mixedText(doc, fitText(doc, both, textWidth, room, body), textX, textY, textWidth, body);
  } else {
    textY = mixedText(doc, description, textX, textY, textWidth, body);
    if (product.exportInfo) {
      textY = sectionHeading(doc, t("pdf.exportInformation"), textX, textY + 10, textWidth);
      textY = mixedText(doc, product.exportInfo, textX, textY, textWidth, body);
    }
  }
  // A long description may have run onto a new page: carry on below it there.
  y = doc.bufferedPageRange().count > pagesBefore ? textY : Math.max(y + PHOTO.height, textY);
  y += 16;

  // Indicative price: only a current one reaches here.
  if (product.price) {
    if (!condensed) y = roomFor(doc, y, 40);
    const validity = product.price.validUntil
      ? `${t("pdf.validUntil", { date: longDate(product.price.validUntil, context.lang) })}\n`
      : "";
    doc.rect(LEFT, y, CONTENT_WIDTH, 34).fill(COLORS.accent50);
    doc.rect(sideX(doc, LEFT, 3), y, 3, 34).fill(COLORS.accent500);
    mixedText(doc, t("pdf.price.heading").toUpperCase(), LEFT + 14, y + 6, 200, {
      size: 7.5,
      weight: "bold",
      color: COLORS.accent700,
      characterSpacing: 0.8,
    });
    mixedText(doc, product.price.text, LEFT + 14, y + 16, 280, { size: 11, weight: "bold", color: COLORS.ink });
    mixedText(doc, `${validity}${t("pdf.price.confirmed")}`, LEFT + 280, y + (validity ? 7 : 13), CONTENT_WIDTH - 294, {
      size: 8,
      color: COLORS.muted,
      align: "right",
    });
    y += 34 + 16;
  }

  // Availability.
  if (product.hasAvailability) {
    if (!condensed) y = roomFor(doc, y, 50);
    y = sectionHeading(doc, t("pdf.availability"), LEFT, y, CONTENT_WIDTH);
    y = monthStrip(doc, product.months, LEFT, y, CONTENT_WIDTH) + 16;
  }

  // Specifications and trade terms: side by side in the catalogue, one under the other on a sheet.
  const specs = product.specifications;
  const terms = product.tradeTerms;
  const more = (n: number) => t("pdf.table.moreOnSheet", { count: n });
  if (condensed) {
    const certificatesHeight = context.certificates.length ? 40 : 0;
    const maxBottom = ENQUIRY_TOP - 12 - certificatesHeight;
    const both = specs.length > 0 && terms.length > 0;
    const half = (CONTENT_WIDTH - 18) / 2;
    let bottom = y;
    const blocks = [
      { title: t("pdf.specifications"), rows: specs },
      { title: t("pdf.tradeTerms"), rows: terms },
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
      y = sectionHeading(doc, t("pdf.certifications"), LEFT, y, CONTENT_WIDTH);
      const line = context.certificates.map((c) => c.name).join("  ·  ");
      const style = { size: 8.5, color: COLORS.ink };
      mixedText(doc, fitText(doc, line, CONTENT_WIDTH, ENQUIRY_TOP - 12 - y, style), LEFT, y, CONTENT_WIDTH, style);
    }
    drawEnquiryBar(doc, context, product);
    return;
  }
  // The last block keeps the short contact panel's room below its last row: the panel never starts a page alone.
  const contactRoom = 16 + shortContactHeight(doc, context);
  const blocks = [
    { title: t("pdf.specifications"), rows: specs },
    { title: t("pdf.tradeTerms"), rows: terms },
  ].filter((block) => block.rows.length);
  blocks.forEach((block, i) => {
    const keepWithLast = i === blocks.length - 1 && !context.certificates.length ? contactRoom : 0;
    y = roomFor(doc, y, 60 + (block.rows.length === 1 ? keepWithLast : 0));
    y = sectionHeading(doc, block.title, LEFT, y, CONTENT_WIDTH);
    y = table(doc, block.rows, { x: LEFT, y, width: CONTENT_WIDTH, labelWidth: 170, keepWithLast }) + 16;
  });
  if (context.certificates.length) y = drawCertificates(doc, context, y, context.certificates, contactRoom) + 16;
  drawContact(doc, context, product, y);
}

/** Where the catalogue's enquiry bar starts: at the foot of each product's page (two lines: contact, then URL). */
const ENQUIRY_HEIGHT = 42;
const ENQUIRY_TOP = CONTENT_BOTTOM - ENQUIRY_HEIGHT;

/** The catalogue's short form of the contact panel: email and phone, and the product's whole page address. */
function drawEnquiryBar(doc: PDFKit.PDFDocument, context: SheetContext, product: SheetProduct) {
  doc.roundedRect(LEFT, ENQUIRY_TOP, CONTENT_WIDTH, ENQUIRY_HEIGHT, 5).fill(COLORS.brand900);
  doc.rect(sideX(doc, LEFT, 4), ENQUIRY_TOP, 4, ENQUIRY_HEIGHT).fill(COLORS.accent500);
  const style = { size: 8.5, weight: "bold" as const, color: COLORS.white };
  const contact = [context.email, context.phone].filter(Boolean).join("  ·  ");
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

export const footerText = (context: SheetContext) =>
  `${context.company} · ${context.website.replace(/^https?:\/\//, "")}`;

/**
 * The product at a sheet's address in `lang`: its category and product slugs are that language's translated ones,
 * or the English ones (an item without a translated slug answers at its English slug under the prefix).
 */
async function findSheetProduct(db: Db, lang: Language, categorySlug: string, productSlug: string) {
  const categoryId = await idOfTranslatedSlug(db, "category", lang, categorySlug);
  const category = categoryId
    ? await db
        .selectFrom("product_categories")
        .selectAll()
        .where("id", "=", categoryId)
        .where(publicCategory)
        .executeTakeFirst()
    : await findCategoryBySlug(db, categorySlug);
  if (!category) return null;
  const productId = await idOfTranslatedSlug(db, "product", lang, productSlug, category.id);
  const row = await db
    .selectFrom("products")
    .selectAll()
    .where("category_id", "=", category.id)
    .where(productId ? "id" : "slug", "=", productId ?? productSlug)
    .where(productPublished) // a draft has no sheet (ADR 0033)
    .executeTakeFirst();
  return row ? { category, row } : null;
}

/** A product's spec sheet in `lang`, or null when the category or product does not exist. */
export async function makeSpecSheet(
  services: {
    db: Db;
    storage: Storage;
    config: Pick<AppConfig, "publicUrl" | "port">;
    /** Told what the sheet shows (`AppServices.shows`), when it is made for the page cache. */
    shows?: (...tags: PageTag[]) => void;
    /** Told that the sheet, each time it is sent, is a download of its product (`AppServices.answersDemand`). */
    answersDemand?: (event: "download", productId: string) => void;
  },
  categorySlug: string,
  productSlug: string,
  now = new Date(),
  lang: Language = DEFAULT_LANGUAGE,
): Promise<(BuiltPdf & { englishSlug: string }) | null> {
  const { db, storage, config } = services;
  const found = await findSheetProduct(db, lang, categorySlug, productSlug);
  if (!found) return null;
  const { category, row } = found;
  services.shows?.(pageTag.product(row.id), pageTag.category(category.id), ...SHEET_CONTEXT_SHOWS);
  services.answersDemand?.("download", row.id);
  const reads: Reads = { incomplete: false };
  const [context, products, categories] = await Promise.all([
    loadSheetContext(db, storage, config, now, reads, lang),
    readSheetTranslations(db, "product", [row.id], lang),
    readSheetTranslations(db, "category", [category.id], lang),
  ]);
  const product = await loadSheetProduct(
    storage,
    row,
    { ...category, fields: fieldsOf(categories, category.id) },
    context,
    reads,
    fieldsOf(products, row.id),
  );
  const { t } = context;
  const doc = await newDocument({
    title: t("pdf.sheet.title", { name: product.name }),
    author: context.company,
    subject: t("pdf.sheet.subject", { name: product.name, category: product.category }),
    day: context.day,
    lang,
  });
  doc.addPage();
  const root = structureRoot(doc);
  continuationPages(doc, (page) => {
    mixedText(doc, `${product.name} · ${context.company}`, LEFT, PAGE.top, CONTENT_WIDTH * 0.7, {
      size: 8.5,
      weight: "bold",
      color: COLORS.brand800,
    });
    mixedText(doc, t("pdf.sheet.continued", { page }), LEFT, PAGE.top, CONTENT_WIDTH, {
      size: 8,
      color: COLORS.muted,
      align: "right",
    });
    doc.rect(LEFT, PAGE.top + 16, CONTENT_WIDTH, 1.5).fill(COLORS.brand700);
  });
  tagged(doc, root, "Sect", () => drawProduct(doc, context, product, "sheet"));
  footers(doc, footerText(context), longDate(context.day, lang));
  return { bytes: await documentBytes(doc), complete: !reads.incomplete, englishSlug: row.slug };
}
