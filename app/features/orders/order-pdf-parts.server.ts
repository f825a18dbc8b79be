import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import {
  COLORS,
  CONTENT_WIDTH,
  continuationPages,
  documentBytes,
  longDate,
  newDocument,
  PAGE,
  roomFor,
  structureRoot,
  tagged,
} from "~/features/spec-sheets/pdf-document.server";
import { footers, table, type Row } from "~/features/spec-sheets/pdf-layout.server";
import { mixedText, textHeight } from "~/features/spec-sheets/pdf-text.server";
import { loadSheetContext, type BuiltPdf, type SheetContext } from "~/features/spec-sheets/sheet-data.server";
import { drawHeader, footerText } from "~/features/spec-sheets/spec-sheet.server";
import type { Storage } from "~/lib/storage/storage.server";

// What the order's documents (proforma, commercial invoice, packing list) share: the English document in the spec
// sheet's design with its continuation band and footers, the title with its facts, the parties, the signature and the
// download's headers. One place, so the documents a bank or customs office lays side by side look alike.

export type OrderPdfServices = { db: Db; storage: Storage; config: Pick<AppConfig, "publicUrl" | "port"> };

/** The exporter's registration numbers the documents print (Site Settings, 'Export documents'); empty: not printed. */
export interface ExporterRegistrations {
  iec: string;
  apeda: string;
}

const LEFT = PAGE.left;
/** The order's documents are in English, as customs and banks want them. */
const ENGLISH = "en";

/**
 * Draws an order's document dated `day` (YYYY-MM-DD): the company's header with `label`, then `draw` from the y below
 * it, as one tagged section; pages after the first say which document they continue. `subject` is given the company.
 */
export async function orderDocumentPdf(
  services: OrderPdfServices,
  document: { title: string; label: string; day: string; subject: (company: string) => string },
  draw: (doc: PDFKit.PDFDocument, context: SheetContext, top: number) => void,
): Promise<BuiltPdf> {
  const reads = { incomplete: false };
  const context = await loadSheetContext(
    services.db,
    services.storage,
    services.config,
    new Date(`${document.day}T12:00:00Z`),
    reads,
    ENGLISH,
  );
  const doc = await newDocument({
    title: document.title,
    author: context.company,
    subject: document.subject(context.company),
    day: document.day,
    lang: ENGLISH,
  });
  doc.addPage();
  const root = structureRoot(doc);
  continuationPages(doc, (page) => {
    mixedText(doc, `${document.title} (continued), page ${page}`, LEFT, PAGE.top, CONTENT_WIDTH, {
      size: 8.5,
      weight: "bold",
      color: COLORS.brand800,
    });
    doc.rect(LEFT, PAGE.top + 16, CONTENT_WIDTH, 1.5).fill(COLORS.brand700);
  });
  tagged(doc, root, "Sect", () => draw(doc, context, drawHeader(doc, context, document.label)));
  footers(doc, footerText(context), longDate(document.day));
  return { bytes: await documentBytes(doc), complete: !reads.incomplete };
}

/** The document's title in large type and its facts (number, dates, references) below; returns the y below. */
export function titleAndFacts(doc: PDFKit.PDFDocument, title: string, facts: Row[], top: number): number {
  const y = mixedText(doc, title, LEFT, top, CONTENT_WIDTH, { size: 20, weight: "bold", color: COLORS.brand900 });
  return table(doc, facts, { x: LEFT, y: y + 10, width: CONTENT_WIDTH, labelWidth: 130 });
}

/** The exporter as the documents name it: company, address, contact, IEC and APEDA numbers, one per line. */
export const exporterParty = (context: SheetContext, settings: ExporterRegistrations) =>
  [
    context.company,
    context.address,
    [context.phone && `Tel. ${context.phone}`, context.email].filter(Boolean).join(" · "),
    settings.iec && `IEC: ${settings.iec}`,
    settings.apeda && `APEDA RCMC: ${settings.apeda}`,
  ]
    .filter(Boolean)
    .join("\n");

const PARTY = {
  gap: 14,
  pad: 8,
  label: { size: 7.5, weight: "bold", color: COLORS.brand700, characterSpacing: 0.6 },
  text: { size: 9, color: COLORS.ink, lineGap: 1.5 },
} as const;

/** The four parties in two columns, each in a tinted box with its role above; returns the y below. */
export function partiesGrid(
  doc: PDFKit.PDFDocument,
  top: number,
  parties: Array<{ label: string; text: string }>,
): number {
  const width = (CONTENT_WIDTH - PARTY.gap) / 2;
  const inner = width - 2 * PARTY.pad;
  let y = top;
  for (let i = 0; i < parties.length; i += 2) {
    const row = parties.slice(i, i + 2);
    const height = Math.max(...row.map((party) => textHeight(doc, party.text, inner, PARTY.text))) + 2 * PARTY.pad + 14;
    y = roomFor(doc, y, height);
    row.forEach((party, column) => {
      const x = LEFT + column * (width + PARTY.gap);
      doc.rect(x, y, width, height).fill(COLORS.brand50);
      doc.rect(x, y, 2, height).fill(COLORS.brand600);
      mixedText(doc, party.label.toUpperCase(), x + PARTY.pad, y + PARTY.pad, inner, PARTY.label);
      mixedText(doc, party.text, x + PARTY.pad, y + PARTY.pad + 14, inner, PARTY.text);
    });
    y += height + (i + 2 < parties.length ? PARTY.gap / 2 : 0);
  }
  return y;
}

/**
 * "For <company>", a line to sign on and "Authorised signatory", on the right from `y` (with room kept: it never
 * stands alone at the top of a page, nor under the footer); returns the y below.
 */
export function signatureBlock(doc: PDFKit.PDFDocument, y: number, company: string): number {
  const top = roomFor(doc, y, 54);
  const signature = { x: LEFT + CONTENT_WIDTH / 2, width: CONTENT_WIDTH / 2 };
  mixedText(doc, `For ${company}`, signature.x, top, signature.width, {
    size: 9.5,
    weight: "bold",
    color: COLORS.brand900,
    align: "right",
  });
  doc
    .moveTo(signature.x + signature.width - 160, top + 40)
    .lineTo(signature.x + signature.width, top + 40)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  return mixedText(doc, "Authorised signatory", signature.x, top + 44, signature.width, {
    size: 8,
    color: COLORS.muted,
    align: "right",
  });
}

/**
 * A document as a download for the desk (below the admin guard): kept by no cache (it carries the buyer's details,
 * prices and the bank account), never indexed, and sent without a referrer.
 */
export const orderPdfResponse = (bytes: Buffer, fileName: string) =>
  new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Content-Length": String(bytes.byteLength),
      ...PRIVATE_LINK_HEADERS,
    },
  });
