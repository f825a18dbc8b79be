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
  sideX,
  structureRoot,
  tagged,
} from "~/features/spec-sheets/pdf-document.server";
import { footers, sectionHeading, table } from "~/features/spec-sheets/pdf-layout.server";
import { mixedText, singleMixedLine, textHeight } from "~/features/spec-sheets/pdf-text.server";
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
  const widths = Object.values(COLUMNS).map((share) => share * CONTENT_WIDTH);
  const xs = widths.map((_, i) => LEFT + widths.slice(0, i).reduce((sum, w) => sum + w, 0));
  const pad = 6;
  const head = { size: 8, weight: "bold", color: COLORS.white } as const;
  const cell = { size: 9, color: COLORS.ink } as const;
  const drawHead = (y: number) => {
    doc.rect(LEFT, y, CONTENT_WIDTH, 20).fill(COLORS.brand700);
    const { product, quantity, unitPrice, amount } = document.columns;
    [product, quantity, unitPrice, amount].forEach((label, i) =>
      mixedText(doc, label, xs[i] + pad, y + 6, widths[i] - 2 * pad, { ...head, align: i === 0 ? "left" : "right" }),
    );
    return y + 20;
  };
  let y = drawHead(top);
  for (const [i, line] of document.lines.entries()) {
    const product = line.details ? `${line.product}\n${line.details}` : line.product;
    // The product wraps; a quantity or an amount is one line, made smaller to fit its column: wrapped, its script runs
    // ("১১,২০০.০০" and "USD") were each set right and printed over each other.
    const height = Math.max(textHeight(doc, product, widths[0] - 2 * pad, cell), cell.size * 1.4) + 10;
    if (y + height > PAGE.height - PAGE.bottom - 30) {
      y = roomFor(doc, y, PAGE.height);
      y = drawHead(y);
    }
    if (i % 2 === 1) doc.rect(sideX(doc, LEFT, CONTENT_WIDTH), y, CONTENT_WIDTH, height).fill(COLORS.brand50);
    mixedText(doc, line.product, xs[0] + pad, y + 5, widths[0] - 2 * pad, { ...cell, weight: "bold" });
    if (line.details)
      mixedText(
        doc,
        line.details,
        xs[0] + pad,
        y + 5 + textHeight(doc, line.product, widths[0] - 2 * pad, cell),
        widths[0] - 2 * pad,
        {
          size: 8,
          color: COLORS.muted,
        },
      );
    // singleMixedLine places its box as given: mirrored here, as mixedText mirrors its own.
    [line.quantity, line.unitPrice, line.amount].forEach((text, c) => {
      const width = widths[c + 1] - 2 * pad;
      singleMixedLine(doc, text, sideX(doc, xs[c + 1] + pad, width), y + 5, width, { ...cell, align: "right" });
    });
    y += height;
  }
  y = roomFor(doc, y, 28);
  doc.rect(LEFT, y, CONTENT_WIDTH, 24).fill(COLORS.accent50);
  doc.rect(sideX(doc, LEFT, 3), y, 3, 24).fill(COLORS.accent500);
  mixedText(doc, `${document.columns.total} (${document.termsText})`, LEFT + 12, y + 7, CONTENT_WIDTH * 0.6, {
    size: 10,
    weight: "bold",
    color: COLORS.brand900,
  });
  singleMixedLine(doc, document.total, sideX(doc, xs[3] - 80, widths[3] + 80 - pad), y + 7, widths[3] + 80 - pad, {
    size: 10.5,
    weight: "bold",
    color: COLORS.brand900,
    align: "right",
  });
  return y + 24;
}
