import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  makeShippingDocumentPdf,
  shippingDocumentFileName,
  shippingDocumentPdfResponse,
} from "~/features/orders/shipping-documents-pdf.server";
import { groupDecimal, type MadeDocumentContent } from "~/features/orders/shipping";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { insertSetting } from "../support/builders";
import { overlappingText, pdfTextBoxes, readPdfText } from "../support/pdf-text";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// A shipment's commercial invoice and packing list (issue 44), made from what the made document froze: two containers,
// read back as text.
let t: TestDatabase;
let services: Parameters<typeof makeShippingDocumentPdf>[0];
const SETTINGS = { iec: "AABCG1234F", apeda: "RCMC/APEDA/01234/2025-26" };

beforeAll(async () => {
  t = await createTestDatabase();
  services = {
    db: t.db,
    storage: createLocalStorage(path.join(t.dataDir, "storage")),
    config: { publicUrl: "https://www.gangaagroexports.example", port: 3000 },
  };
  await insertSetting(t.db, "contact_address", "117/N/72, Kakadeo, Kanpur, Uttar Pradesh 208025, India");
});
afterAll(() => t?.cleanup());

const onionLine = { product: "Nashik Red Onion", hsCode: "0703.10", unit: "kg", packageKind: "25 kg mesh bags" };
const INVOICE: MadeDocumentContent = {
  kind: "commercial-invoice",
  number: "CI-2026-0001",
  revision: 2,
  issuedOn: "2026-11-28",
  order: {
    number: "SO-2026-0007",
    buyer: "Gulf Fresh LLC\nUnited Arab Emirates",
    consignee: "Gulf Fresh LLC, Warehouse 4, Al Aweer, Dubai",
    notifyParty: "",
    currency: "USD",
    incoterm: "CFR",
    namedPort: "Jebel Ali",
    paymentTerms: "30% advance (USD 5,988.00) by 10 Jan 2026; balance cash against documents (CAD)",
    lcNumber: "LC/ENBD/2026/4411",
  },
  shipment: {
    reference: "SO-2026-0007/1",
    shippingLine: "MSC",
    vessel: "MSC Aurora",
    voyage: "612E",
    portOfLoading: "Nhava Sheva (JNPT)",
    portOfDischarge: "Jebel Ali",
    etd: "2026-12-02",
    blNumber: "MEDUJN123456",
    blDate: null,
  },
  lines: [
    {
      ...onionLine,
      grade: "55 mm+",
      packaging: "25 kg mesh bag",
      quantity: "53460.5",
      unitPriceMinor: 37,
      amountMinor: 1_978_039,
      packages: 2_139,
      netKg: "53460.5",
      grossKg: "53567.45",
    },
  ],
  containers: [
    {
      number: "MSCU1234566",
      seal: "123",
      type: "40 ft HC",
      setTemperature: null,
      lines: [{ ...onionLine, quantity: "27540", packages: 1_102, netKg: "27540", grossKg: "27595.1" }],
      packages: 1_102,
      netKg: "27540",
      grossKg: "27595.1",
    },
    {
      number: "TGHU8839208",
      seal: "SL-998877",
      type: "Reefer",
      setTemperature: "2 °C",
      lines: [{ ...onionLine, quantity: "25920.5", packages: 1_037, netKg: "25920.5", grossKg: "25972.35" }],
      packages: 1_037,
      netKg: "25920.5",
      grossKg: "25972.35",
    },
  ],
  totals: { amountMinor: 1_978_039, packages: 2_139, netKg: "53460.5", grossKg: "53567.45" },
};
const PACKING_LIST: MadeDocumentContent = { ...INVOICE, kind: "packing-list", number: "PL-2026-0001", revision: 1 };

/** What a PDF says, with money's no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");
const textOf = async (content: MadeDocumentContent) => {
  const pdf = await makeShippingDocumentPdf(services, content, SETTINGS);
  expect(pdf.complete).toBe(true);
  expect(overlappingText(await pdfTextBoxes(pdf.bytes))).toEqual([]);
  return plain(await readPdfText(pdf.bytes));
};

describe(`the shipping documents on ${engineName}`, () => {
  it("groups decimals as typed, without a float's rounding", () => {
    expect(groupDecimal("27540")).toBe("27,540");
    expect(groupDecimal("1234567.125")).toBe("1,234,567.125");
    expect(groupDecimal("26,000.50")).toBe("26,000.50");
    expect(groupDecimal("123456789012345678.000001")).toBe("123,456,789,012,345,678.000001");
    expect(groupDecimal("999")).toBe("999");
  });

  it("names the downloads after the document and its number", () => {
    expect(shippingDocumentFileName(INVOICE)).toBe("Commercial-Invoice-CI-2026-0001.pdf");
    expect(shippingDocumentFileName(PACKING_LIST)).toBe("Packing-List-PL-2026-0001.pdf");
  });

  it("prints the commercial invoice: number and revision, parties, vessel, goods with prices, the total and weights", async () => {
    const text = await textOf(INVOICE);
    expect(text).toContain("Commercial Invoice CI-2026-0001 (revision 2)");
    for (const said of [
      "CI-2026-0001, revision 2",
      "28 November 2026",
      "SO-2026-0007/1",
      `IEC: ${SETTINGS.iec}`,
      `APEDA RCMC: ${SETTINGS.apeda}`,
      "Gulf Fresh LLC",
      "Warehouse 4, Al Aweer",
      "As the consignee",
      "MSC Aurora / 612E",
      "Nhava Sheva (JNPT)",
      "2 December 2026",
      "MEDUJN123456",
      "LC/ENBD/2026/4411",
      "MSCU1234566, TGHU8839208",
      "0703.10",
      "Grade: 55 mm+",
      "Packing: 25 kg",
      "53,460.5 kg",
      "2,139",
      "USD 0.37",
      "Total CFR Jebel Ali",
      "USD 19,780.39",
      "53,567.45 kg",
      "Incoterms® 2020: CFR Jebel Ali",
      "balance cash against documents (CAD)",
      "actual price of the goods",
      "Authorised signatory",
    ])
      expect(text, said).toContain(said);
    // No B/L date is known yet: none is printed.
    expect(text).not.toContain("dated");
  });

  it("prints the packing list per container with its weights and totals, and no price anywhere", async () => {
    const text = await textOf(PACKING_LIST);
    expect(text).toContain("Packing List PL-2026-0001");
    expect(text).not.toContain("revision");
    for (const said of [
      "Container MSCU1234566 · Seal 123 · 40 ft HC",
      "Container TGHU8839208 · Seal SL-998877 · Reefer · set at 2 °C",
      "27,540 kg",
      "27,595.1",
      "25,920.5",
      "25,972.35",
      "1,102",
      "1,037",
      "Container MSCU1234566 total",
      "Container TGHU8839208 total",
      "53,460.5 kg",
      "53,567.45 kg",
      "2,139",
      "Authorised signatory",
    ])
      expect(text, said).toContain(said);
    for (const price of ["USD", "0.37", "19,780.39", "Total CFR", "Unit price", "Amount", "advance"])
      expect(text, price).not.toContain(price);
    // The grand totals come after both containers.
    expect(text.lastIndexOf("Total gross weight")).toBeGreaterThan(text.lastIndexOf("TGHU8839208"));
  });

  it("answers with the PDF, never cached nor indexed", async () => {
    await insertSetting(t.db, "iec_number", SETTINGS.iec);
    const response = await shippingDocumentPdfResponse(services, PACKING_LIST);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="Packing-List-PL-2026-0001.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const text = await readPdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(`IEC: ${SETTINGS.iec}`);
  });
});
