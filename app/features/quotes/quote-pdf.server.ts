import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import {
  COLORS,
  CONTENT_WIDTH,
  continuationPages,
  documentBytes,
  newDocument,
  PAGE,
  roomFor,
  structureRoot,
  tagged,
} from "~/features/spec-sheets/pdf-document.server";
import { footers, sectionHeading, table } from "~/features/spec-sheets/pdf-layout.server";
import { mixedText } from "~/features/spec-sheets/pdf-text.server";
import { pricedLinesTable } from "~/features/spec-sheets/priced-lines.server";
import { loadSheetContext, type BuiltPdf } from "~/features/spec-sheets/sheet-data.server";
import { drawHeader, footerText } from "~/features/spec-sheets/spec-sheet.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import type { Storage } from "~/lib/storage/storage.server";
import { quoteDocument, quoteDay, type QuoteDocument, type QuoteFacts, type QuoteLineFacts } from "./quote-document";

const LEFT = PAGE.left;

/**
 * A quote revision's PDF (issue 28): the spec sheet's design (header band, tables, footer), in the quote's language,
 * right to left in Arabic. What it prints is the stored revision only, so a sent quote's PDF never changes.
 * `issuedDay`: the day the quote carries (the day it was sent).
 */
export async function makeQuotePdf(
  services: { db: Db; storage: Storage; config: Pick<AppConfig, "publicUrl" | "port"> },
  quote: QuoteFacts & { lang: string },
  lines: readonly QuoteLineFacts[],
  issuedDay: string,
): Promise<BuiltPdf> {
  const lang = isLanguage(quote.lang) ? quote.lang : DEFAULT_LANGUAGE;
  const { t } = wordingOf(lang);
  const reads = { incomplete: false };
  const context = await loadSheetContext(
    services.db,
    services.storage,
    services.config,
    new Date(`${issuedDay}T12:00:00Z`),
    reads,
    lang,
  );
  const document = quoteDocument(quote, lines, { t, lang, issuedDay });
  const doc = await newDocument({
    title: document.title,
    author: context.company,
    subject: t("quote.subject", { number: quote.number, company: context.company }),
    day: issuedDay,
    lang,
  });
  doc.addPage();
  const root = structureRoot(doc);
  continuationPages(doc, (page) => {
    mixedText(doc, t("quote.continued", { number: quote.number, page }), LEFT, PAGE.top, CONTENT_WIDTH, {
      size: 8.5,
      weight: "bold",
      color: COLORS.brand800,
    });
    doc.rect(LEFT, PAGE.top + 16, CONTENT_WIDTH, 1.5).fill(COLORS.brand700);
  });
  tagged(doc, root, "Sect", () => drawQuote(doc, document, drawHeader(doc, context, t("quote.label"))));
  footers(doc, footerText(context), quoteDay(issuedDay, lang));
  return { bytes: await documentBytes(doc), complete: !reads.incomplete };
}

/** Column widths of the lines table, left to right (mirrored in Arabic through `sideX`). */
const COLUMNS = { product: 0.4, quantity: 0.18, unitPrice: 0.24, amount: 0.18 };
function drawQuote(doc: PDFKit.PDFDocument, document: QuoteDocument, top: number) {
  let y = mixedText(doc, document.title, LEFT, top, CONTENT_WIDTH, {
    size: 20,
    weight: "bold",
    color: COLORS.brand900,
  });
  if (document.revision)
    y = mixedText(doc, document.revision, LEFT, y + 2, CONTENT_WIDTH, { size: 9, color: COLORS.muted });
  y = table(doc, document.facts, { x: LEFT, y: y + 10, width: CONTENT_WIDTH, labelWidth: 130 });

  y = sectionHeading(doc, document.headings.terms, LEFT, y + 18, CONTENT_WIDTH);
  y = table(doc, document.terms, { x: LEFT, y, width: CONTENT_WIDTH, labelWidth: 130 });

  y = sectionHeading(doc, document.headings.products, LEFT, roomFor(doc, y + 18, 80), CONTENT_WIDTH);
  y = linesTable(doc, document, y);

  y = roomFor(doc, y + 14, 40);
  y = mixedText(doc, document.validity, LEFT, y, CONTENT_WIDTH, { size: 9.5, weight: "bold", color: COLORS.ink });
  if (document.notes) {
    y = sectionHeading(doc, document.headings.notes, LEFT, roomFor(doc, y + 16, 50), CONTENT_WIDTH);
    mixedText(doc, document.notes, LEFT, y, CONTENT_WIDTH, { size: 9.5, color: COLORS.ink, lineGap: 2 });
  }
}

/** The priced lines: product (with grade and packaging), quantity, unit price, amount; then the total. */
function linesTable(doc: PDFKit.PDFDocument, document: QuoteDocument, top: number): number {
  const { product, quantity, unitPrice, amount, total } = document.columns;
  return pricedLinesTable(
    doc,
    {
      columns: [
        { label: product, share: COLUMNS.product },
        { label: quantity, share: COLUMNS.quantity },
        { label: unitPrice, share: COLUMNS.unitPrice },
        { label: amount, share: COLUMNS.amount },
      ],
      lines: document.lines.map((line) => ({
        product: line.product,
        details: line.details,
        cells: [line.quantity, line.unitPrice, line.amount],
      })),
      total: { label: `${total} (${document.termsText})`, amount: document.total },
    },
    top,
  );
}
