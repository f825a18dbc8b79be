import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import { utcDate } from "~/lib/time";
import { pageTag, type PageTag } from "~/lib/web/page-tags";
import { fontName } from "./pdf-fonts.server";
import {
  COLORS,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  documentBytes,
  longDate,
  newDocument,
  PAGE,
  sideX,
  structureRoot,
  tagged,
} from "./pdf-document.server";
import { footers, sectionHeading } from "./pdf-layout.server";
import { fitText, mixedText, textHeight, textWidth as measuredWidth } from "./pdf-text.server";
import {
  loadSheetContext,
  SHEET_CONTEXT_SHOWS,
  loadSheetProduct,
  type BuiltPdf,
  type Reads,
  type SheetContext,
  type SheetProduct,
} from "./sheet-data.server";
import { certificatesHeight, drawCertificates } from "./certificates-block.server";
import { contactHeight, drawContact } from "./contact-panel.server";
import { openedImage, placeImage } from "./pdf-images.server";
import { drawHeader, drawProduct, footerText } from "./spec-sheet.server";
import { DEFAULT_LANGUAGE, localePath, type Language } from "~/lib/i18n/languages";
import { formatNumber } from "~/lib/i18n/numbers";
import { fieldsOf, readSheetTranslations } from "./sheet-translations.server";
import { publicProduct } from "~/features/publishing/visibility.server";

/**
 * The most products the catalogue PDF holds. A CSV import can put 10,000 products in one category and no public
 * request may read a whole table (docs/architecture.md, "Big catalogues"); past this the contents page says where
 * the rest are. At about 10 ms a page it also bounds the time one request may take.
 */
export const CATALOGUE_MAX_PRODUCTS = 250;

/** Photos read and converted at once (sharp works on its own threads; this bounds memory). */
const PHOTO_CONCURRENCY = 8;

const LEFT = PAGE.left;

interface Entry {
  product: SheetProduct;
  index: number;
  categorySlug: string;
  page: number;
}

/** The first CATALOGUE_MAX_PRODUCTS products, by category name then product name, and how many there are in all. */
async function listCatalogueRows(db: Db) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .selectFrom("products")
      .innerJoin("product_categories", "product_categories.id", "products.category_id")
      .select([
        "products.id",
        "products.category_id",
        "products.name",
        "products.slug",
        "products.description",
        "products.export_info",
        "products.specifications",
        "products.trade_terms",
        "products.image_url",
        "products.gallery_images",
        "product_categories.name as category_name",
        "product_categories.slug as category_slug",
      ])
      .where(publicProduct)
      .orderBy("product_categories.name")
      .orderBy("product_categories.id")
      .orderBy("products.name")
      .orderBy("products.id")
      .limit(CATALOGUE_MAX_PRODUCTS)
      .execute(),
    db
      .selectFrom("products")
      .innerJoin("product_categories", "product_categories.id", "products.category_id")
      .where(publicProduct)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .execute(),
  ]);
  return { rows, total: Number(n) };
}

// Contents lines and their heights; the contents take as many pages as they need.
const CONTENTS_TOP = PAGE.top + 104;
const CATEGORY_LINE = 26;
const PRODUCT_LINE = 16;

type ContentsLine = { kind: "category"; name: string } | { kind: "product"; entry: Entry };

function contentsPages(lines: ContentsLine[]): ContentsLine[][] {
  const pages: ContentsLine[][] = [[]];
  let y = CONTENTS_TOP;
  for (const line of lines) {
    const height = line.kind === "category" ? CATEGORY_LINE : PRODUCT_LINE;
    // A category heading never ends a page.
    const needed = line.kind === "category" ? height + PRODUCT_LINE : height;
    if (y + needed > CONTENT_BOTTOM - 24) {
      pages.push([]);
      y = PAGE.top + 40;
    }
    pages[pages.length - 1].push(line);
    y += height;
  }
  return pages;
}

/** The whole catalogue: a cover, the contents with page numbers, then one page per product. */
export async function makeCataloguePdf(
  services: { db: Db; storage: Storage; config: Pick<AppConfig, "publicUrl" | "port"> },
  now = new Date(),
  lang: Language = DEFAULT_LANGUAGE,
): Promise<BuiltPdf> {
  const { db, storage, config } = services;
  const reads: Reads = { incomplete: false };
  const [context, { rows, total }] = await Promise.all([
    loadSheetContext(db, storage, config, now, reads, lang),
    listCatalogueRows(db),
  ]);
  // Products and categories in the catalogue's language, where translated (the order stays the English names').
  const [productTexts, categoryTexts] = await Promise.all([
    readSheetTranslations(
      db,
      "product",
      rows.map((row) => row.id),
      lang,
    ),
    readSheetTranslations(
      db,
      "category",
      rows.map((row) => row.category_id),
      lang,
    ),
  ]);

  const products: SheetProduct[] = [];
  for (let i = 0; i < rows.length; i += PHOTO_CONCURRENCY) {
    const batch = rows.slice(i, i + PHOTO_CONCURRENCY);
    products.push(
      ...(await Promise.all(
        batch.map((row) =>
          loadSheetProduct(
            storage,
            row,
            { name: row.category_name, slug: row.category_slug, fields: fieldsOf(categoryTexts, row.category_id) },
            context,
            reads,
            fieldsOf(productTexts, row.id),
          ),
        ),
      )),
    );
  }

  const lines: ContentsLine[] = [];
  const entries: Entry[] = products.map((product, index) => ({
    product,
    index,
    categorySlug: rows[index].category_slug,
    page: 0,
  }));
  entries.forEach((entry, i) => {
    if (i === 0 || rows[i - 1].category_slug !== entry.categorySlug)
      lines.push({ kind: "category", name: entry.product.category });
    lines.push({ kind: "product", entry });
  });
  const contents = contentsPages(lines);

  // Pages are kept until the end: each product's page number, the contents and the footers' "of N" are read from
  // the pages as laid out, so they are always the ones a viewer shows (issue 23: a cover that ran onto a second page
  // put every number one behind).
  const { t } = context;
  const doc = await newDocument({
    title: t("pdf.catalogue.title", { company: context.company }),
    author: context.company,
    subject: t("pdf.catalogue.subject"),
    day: context.day,
    lang,
  });
  const root = structureRoot(doc);
  doc.addPage();
  tagged(doc, root, "Sect", () =>
    drawCover(doc, context, entries.length, new Set(rows.map((r) => r.category_slug)).size),
  );
  const firstContentsPage = doc.bufferedPageRange().count;
  for (const _ of contents) doc.addPage();
  for (const entry of entries) {
    doc.addPage();
    entry.page = doc.bufferedPageRange().count;
    doc.addNamedDestination(destination(entry));
    tagged(doc, root, "Sect", () => drawProduct(doc, context, entry.product, "catalogue"));
    // Other requests get their turn between pages: the catalogue is the one long piece of work a visitor can start.
    await new Promise((resolve) => setImmediate(resolve));
  }
  contents.forEach((page, i) => {
    doc.switchToPage(firstContentsPage + i);
    tagged(doc, root, "TOC", () => drawContents(doc, context, page, i === 0, i === contents.length - 1, total));
  });
  footers(doc, footerText(context), longDate(context.day, lang));
  return { bytes: await documentBytes(doc), complete: !reads.incomplete };
}

/** The catalogues being built, per database and language, and the UTC day each is for. */
const building = new WeakMap<Db, Map<Language, { day: string; pdf: Promise<BuiltPdf> }>>();

/**
 * The catalogue, built at most once at a time: visitors who ask while it is being built share that build, whether or
 * not it can be cached afterwards (during an S3 outage it cannot). Ten requests at once cost one build, not ten.
 * A build for another day is not shared: the date and the prices printed depend on it.
 */
export function cataloguePdfOnce(
  services: Parameters<typeof makeCataloguePdf>[0] & { shows: (...tags: PageTag[]) => void },
  now: Date,
  lang: Language = DEFAULT_LANGUAGE,
): Promise<BuiltPdf> {
  // Declared by each request, whether it builds the catalogue or shares another's build.
  services.shows(pageTag.catalogue, ...SHEET_CONTEXT_SHOWS);
  const day = utcDate(now.getTime());
  let builds = building.get(services.db);
  if (!builds) building.set(services.db, (builds = new Map()));
  const current = builds.get(lang);
  if (current?.day === day) return current.pdf;
  const pdf = makeCataloguePdf(services, now, lang).finally(() => {
    if (builds.get(lang)?.pdf === pdf) builds.delete(lang);
  });
  builds.set(lang, { day, pdf });
  return pdf;
}

/** The most room the cover's dark band takes; it gives up height to the certificates and contact panel below. */
const COVER_BAND = 430;

function drawCover(doc: PDFKit.PDFDocument, context: SheetContext, productCount: number, categoryCount: number) {
  // The band's own text, measured as it is drawn below.
  const logo = openedImage(doc, context.logo);
  const bandText =
    (logo ? 56 + 24 + 28 : 0) +
    textHeight(doc, context.company, CONTENT_WIDTH, { size: 34, weight: "bold" }) +
    (context.tagline ? 6 + textHeight(doc, context.tagline, CONTENT_WIDTH * 0.8, { size: 13 }) : 0) +
    58 +
    14;
  const contact = contactHeight(doc, context);
  // The certificates that fit between the band (at its smallest) and the contact panel; the rest are counted.
  const room = CONTENT_BOTTOM - contact - 10 - 36 - 6 - 48 - bandText - 30;
  let shown = context.certificates;
  while (shown.length && certificatesHeight(doc, shown) + (shown.length < context.certificates.length ? 16 : 0) > room)
    shown = shown.slice(0, -1);
  const below = shown.length
    ? certificatesHeight(doc, shown) + 10 + (shown.length < context.certificates.length ? 16 : 0)
    : 0;
  const bandHeight = Math.min(COVER_BAND, CONTENT_BOTTOM - contact - below - 36 - 6);
  doc.rect(0, 0, PAGE.width, bandHeight).fill(COLORS.brand900);
  doc.rect(0, bandHeight, PAGE.width, 6).fill(COLORS.accent500);
  // The band's text sits where it always has, moving up only when the band is shorter.
  let y = Math.max(48, Math.min(110, bandHeight - 30 - bandText));
  doc.rect(0, 0, PAGE.width, bandHeight).fill(COLORS.brand900);
  doc.rect(0, bandHeight, PAGE.width, 6).fill(COLORS.accent500);
  if (logo) {
    const h = 56;
    const w = Math.min(200, (logo.width * h) / logo.height);
    doc.roundedRect(sideX(doc, LEFT, w + 28), y, w + 28, h + 24, 8).fill(COLORS.white);
    placeImage(doc, logo, sideX(doc, LEFT + 14, w), y + 12, { fit: [w, h], valign: "center" });
    y += h + 24 + 28;
  }
  y = mixedText(doc, context.company, LEFT, y, CONTENT_WIDTH, { size: 34, weight: "bold", color: COLORS.white });
  if (context.tagline)
    y = mixedText(doc, context.tagline, LEFT, y + 6, CONTENT_WIDTH * 0.8, { size: 13, color: COLORS.brand200 }) + 0;
  const { t } = context;
  doc.rect(sideX(doc, LEFT, 48), y + 26, 48, 3).fill(COLORS.accent500);
  mixedText(doc, t("pdf.catalogue.label").toUpperCase(), LEFT, y + 40, CONTENT_WIDTH, {
    size: 11,
    weight: "bold",
    color: COLORS.white,
    characterSpacing: 2,
  });
  mixedText(
    doc,
    t("pdf.cover.summary", {
      products: t("pdf.cover.products", { count: productCount }),
      categories: t("pdf.cover.categories", { count: categoryCount }),
      date: longDate(context.day, context.lang),
    }),
    LEFT,
    y + 58,
    CONTENT_WIDTH,
    { size: 10, color: COLORS.brand200 },
  );

  y = bandHeight + 36;
  if (shown.length) y = drawCertificates(doc, context, y, shown);
  const more = context.certificates.length - shown.length;
  if (more > 0) {
    const url = `${context.website}${localePath(context.lang, "/certificates")}`;
    mixedText(doc, t("pdf.cover.moreCertificates", { count: more, url }), LEFT + 12, y, CONTENT_WIDTH, {
      size: 8,
      color: COLORS.muted,
    });
    y += 16;
  }
  drawContact(doc, context, null, y + 10);
}

function drawContents(
  doc: PDFKit.PDFDocument,
  context: SheetContext,
  lines: ContentsLine[],
  first: boolean,
  last: boolean,
  total: number,
) {
  const { t } = context;
  let y: number;
  if (first) {
    y = drawHeader(doc, context, t("pdf.catalogue.label"));
    mixedText(doc, t("pdf.contents"), LEFT, y, CONTENT_WIDTH, { size: 20, weight: "bold", color: COLORS.brand900 });
    y = CONTENTS_TOP;
  } else {
    mixedText(doc, t("pdf.contents.continued"), LEFT, PAGE.top, CONTENT_WIDTH, {
      size: 12,
      weight: "bold",
      color: COLORS.brand900,
    });
    y = PAGE.top + 40;
  }
  for (const line of lines) {
    if (line.kind === "category") {
      sectionHeading(doc, line.name, LEFT, y + 6, CONTENT_WIDTH);
      y += CATEGORY_LINE;
      continue;
    }
    const { product, page } = line.entry;
    const style = { size: 9.5, color: COLORS.ink };
    const number = context.lang === DEFAULT_LANGUAGE ? String(page) : formatNumber(page, context.lang);
    const numberStyle = { size: 9.5, weight: "bold" as const, color: COLORS.brand700 };
    const numberWidth = measuredWidth(doc, number, { size: 9.5 });
    const nameWidth = CONTENT_WIDTH - 60;
    const name = fitText(doc, product.name, nameWidth, PRODUCT_LINE, style);
    const end = LEFT + 10 + Math.min(nameWidth, measuredWidth(doc, name, style)) + 6;
    mixedText(doc, name, LEFT + 10, y, nameWidth, style);
    // Dotted leader to the page number (mirrored as a whole on a right-to-left page).
    const leaderEnd = LEFT + CONTENT_WIDTH - numberWidth - 6;
    doc
      .moveTo(sideX(doc, end, 0), y + 9.5)
      .lineTo(sideX(doc, leaderEnd, 0), y + 9.5)
      .dash(0.8, { space: 2.5 })
      .lineWidth(0.8)
      .strokeColor(COLORS.brand200)
      .stroke()
      .undash();
    if (context.lang !== DEFAULT_LANGUAGE)
      mixedText(doc, number, LEFT, y, CONTENT_WIDTH, { ...numberStyle, align: "right" });
    else
      doc
        .font(fontName("latin", "bold"))
        .fillColor(COLORS.brand700)
        .text(number, LEFT, y, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
    doc.goTo(LEFT, y - 2, CONTENT_WIDTH, PRODUCT_LINE, destination(line.entry));
    y += PRODUCT_LINE;
  }
  if (last && total > CATALOGUE_MAX_PRODUCTS) {
    mixedText(
      doc,
      t("pdf.contents.limited", {
        shown: CATALOGUE_MAX_PRODUCTS,
        total,
        url: `${context.website}${localePath(context.lang, "/our-products")}`,
      }),
      LEFT,
      Math.min(y + 14, CONTENT_BOTTOM - 24),
      CONTENT_WIDTH,
      { size: 9, color: COLORS.muted },
    );
  }
}

const destination = (entry: Entry) => `product-${entry.index + 1}`;
