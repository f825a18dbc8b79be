import { describe, expect, it } from "vitest";
import { qrCodesInPdf, qrSymbolsInPdf } from "../../../tests/support/pdf-qr";
import { readPdfText } from "../../../tests/support/pdf-text";
import { newLotCode } from "./lot-code";
import { LABEL_CELLS, lotLabelsPdf, type LotLabel } from "./lot-labels-pdf.server";

// Issue 45: a sheet of lot labels, its QR codes read back from the rendered pages (decoded, not assumed).
const ORIGIN = "https://www.gangaagroexports.example";

/** A product name may be typed in any script the site writes. */
const PRODUCTS: Record<number, string> = {
  4: "नासिक लाल प्याज़ (Nashik Red Onion), extra large, hand-sorted and cured for export",
  10: "بصل أحمر ناسك",
  11: "লাল পেঁয়াজ",
};

const labels: LotLabel[] = Array.from({ length: 23 }, (_, i) => ({
  code: newLotCode(),
  product: PRODUCTS[i] ?? "Red Onion",
  grade: i % 3 === 0 ? null : "55 mm+",
  origin:
    i === 7
      ? "Farm MH-NSK-2026-00417, Pimpalgaon Baswant, Niphad taluka, Nashik district, Maharashtra"
      : "Nashik, Maharashtra",
  packingDate: i % 5 === 0 ? null : "2026-11-24",
  reference: "SO-2026-0001/1",
}));

describe("lotLabelsPdf", () => {
  it("prints 21 labels to a page, each QR code the lot's page, in order over two pages", async () => {
    const pdf = await lotLabelsPdf({ company: "Ganga Agro Exports", siteOrigin: ORIGIN, labels, day: "2026-11-29" });
    const symbols = await qrSymbolsInPdf(pdf, { page: 1, regions: LABEL_CELLS });
    const first = symbols.map((symbol) => symbol.text);
    // Large enough to read from a bag at arm's length: 24 mm or more, as measured on the rendered page.
    for (const symbol of symbols) expect(symbol.sizeMm).toBeGreaterThanOrEqual(24);
    const second = await qrCodesInPdf(pdf, { page: 2, regions: LABEL_CELLS });
    expect(first).toEqual(labels.slice(0, 21).map((label) => `${ORIGIN}/lots/${label.code}`));
    expect(second).toEqual(labels.slice(21).map((label) => `${ORIGIN}/lots/${label.code}`));
    // Without the cells, the page is cut into its blocks and read code by code, in reading order.
    expect(await qrCodesInPdf(pdf, { page: 1, scale: 3 })).toEqual(first);
    expect(await qrCodesInPdf(pdf, { page: 2, scale: 3 })).toEqual(second);
  });

  it("prints each lot's code, product, origin, packing date, shipment and the company", async () => {
    const pdf = await lotLabelsPdf({ company: "Ganga Agro Exports", siteOrigin: ORIGIN, labels, day: "2026-11-29" });
    const text = (await readPdfText(pdf)).replace(/[ \t\n]+/g, " ");
    const pages = text.split("\f").filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    for (const label of labels) expect(text).toContain(label.code);
    expect(pages[0].match(/GANGA AGRO EXPORTS/g)).toHaveLength(21);
    expect(pages[1].match(/GANGA AGRO EXPORTS/g)).toHaveLength(2);
    expect(text).toContain("Grade: 55 mm+");
    // Whole on every label but two: the long farm's (shortened), and the one under a two-line product (one line left).
    expect(text.match(/Origin: Nashik, Maharashtra/g)).toHaveLength(21);
    expect(text).toContain("Origin: Farm MH");
    expect(text).toContain("Packed: 24 Nov 2026");
    expect(text).toContain("SO-2026-0001/1");
    expect(text).toContain("Red Onion");
  });

  it("makes one blank-free page for an empty list", async () => {
    const pdf = await lotLabelsPdf({ company: "Ganga Agro Exports", siteOrigin: ORIGIN, labels: [] });
    expect(await qrCodesInPdf(pdf)).toEqual([]);
  });
});
