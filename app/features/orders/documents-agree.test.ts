import { describe, expect, it } from "vitest";
import { type AgreementInput, type DocumentFacts, documentsAgree, foldText, normalizeDecimal } from "./documents-agree";

const order: DocumentFacts = {
  kind: "order",
  label: "Order SO-2026-0001",
  buyer: "Al Noor Foodstuff Trading LLC",
  consignee: "Al Noor Foodstuff Trading LLC",
  quantities: {
    "Nashik Red Onion": { quantity: "26000", unit: "kg" },
    "Green Chilli G4": { quantity: "1500", unit: "kg" },
  },
  hsCodes: { "Nashik Red Onion": "0703.10", "Green Chilli G4": "0709.60" },
  incoterm: "CFR",
  namedPlace: "Jebel Ali",
  totalMinor: 1_250_050,
  currency: "USD",
};

const invoice: DocumentFacts = {
  kind: "commercial-invoice",
  label: "Commercial Invoice CI-2026-0003",
  buyer: "AL NOOR FOODSTUFF TRADING L.L.C.",
  consignee: "Al Noor Foodstuff Trading LLC",
  quantities: {
    "nashik red onion": { quantity: "26,000.00", unit: "KG" },
    "Green Chilli G4": { quantity: "1,500", unit: "Kgs" },
  },
  hsCodes: { "Nashik Red Onion": "070310", "Green Chilli G4": "0709 60" },
  incoterm: "cfr",
  namedPlace: "Jebel Ali ",
  totalMinor: 1_250_050,
  currency: "usd",
};

const packingList: DocumentFacts = {
  kind: "packing-list",
  label: "Packing List PL-2026-0003",
  netWeightKg: "27,500.000",
  grossWeightKg: "28,187.5",
};

const billOfLading: DocumentFacts = {
  kind: "bill-of-lading",
  label: "Bill of Lading MEDU1234567",
  consignee: "Al Noor Foodstuff Trading LLC",
  netWeightKg: "27500",
  billOfLadingDate: "2026-03-10",
};

// Two containers: 13,750.250 + 13,749.750 net, 14,093.8 + 14,093.7 gross, summed by the caller.
const agreeing: AgreementInput = {
  documents: [order, invoice, packingList, billOfLading],
  containerTotals: { netWeightKg: "27500", grossWeightKg: "28187.50" },
  letterOfCredit: { latestShipmentDate: "2026-03-15", expiryDate: "2026-04-05" },
};

/** The agreeing set with one document's facts changed. */
function withDocument(label: string, change: Partial<DocumentFacts>): AgreementInput {
  return {
    ...agreeing,
    documents: agreeing.documents.map((document) => (document.label === label ? { ...document, ...change } : document)),
  };
}

describe("documentsAgree", () => {
  it("finds nothing when the documents agree however their facts are written", () => {
    expect(documentsAgree(agreeing)).toEqual([]);
  });

  describe("buyer and consignee", () => {
    it("ignores case, spaces and punctuation", () => {
      const input = withDocument(invoice.label, {
        buyer: "al-noor foodstuff trading, LLC",
        consignee: "Al Noor Foodstuff Trading L.L.C",
      });
      expect(documentsAgree(input)).toEqual([]);
    });

    it("names a different buyer", () => {
      expect(documentsAgree(withDocument(invoice.label, { buyer: "Al Noor Trading LLC" }))).toEqual([
        {
          rule: "buyer",
          document: "Commercial Invoice CI-2026-0003",
          message:
            'Commercial Invoice CI-2026-0003: buyer "Al Noor Trading LLC", but the order has "Al Noor Foodstuff Trading LLC".',
        },
      ]);
    });

    it("names a different consignee", () => {
      const differences = documentsAgree(withDocument(billOfLading.label, { consignee: "To order of Emirates NBD" }));
      expect(differences).toEqual([
        {
          rule: "consignee",
          document: "Bill of Lading MEDU1234567",
          message:
            'Bill of Lading MEDU1234567: consignee "To order of Emirates NBD", but the order has "Al Noor Foodstuff Trading LLC".',
        },
      ]);
    });

    it("does not compare a name the document does not state", () => {
      expect(documentsAgree(withDocument(invoice.label, { buyer: undefined, consignee: "  " }))).toEqual([]);
    });
  });

  describe("quantities", () => {
    it("names a different amount, with thousands separators", () => {
      const input = withDocument(invoice.label, {
        quantities: { ...invoice.quantities, "Nashik Red Onion": { quantity: "25000", unit: "kg" } },
      });
      expect(documentsAgree(input).map((d) => [d.rule, d.message])).toEqual([
        ["quantity", "Commercial Invoice CI-2026-0003: Nashik Red Onion 25,000 kg, but the order has 26,000 kg."],
      ]);
    });

    it("names a different unit even when the number is the same", () => {
      const input = withDocument(invoice.label, {
        quantities: { ...invoice.quantities, "Green Chilli G4": { quantity: "1500", unit: "boxes" } },
      });
      expect(documentsAgree(input).map((d) => d.message)).toEqual([
        "Commercial Invoice CI-2026-0003: Green Chilli G4 1,500 boxes, but the order has 1,500 kg.",
      ]);
    });

    it("names a product missing from a document that states quantities, and one the order does not have", () => {
      const input = withDocument(invoice.label, {
        quantities: {
          "Nashik Red Onion": { quantity: "26000", unit: "kg" },
          "Garlic Ooty": { quantity: "500.5", unit: "kg" },
        },
      });
      expect(documentsAgree(input).map((d) => d.message)).toEqual([
        "Commercial Invoice CI-2026-0003: no quantity of Green Chilli G4, but the order has 1,500 kg.",
        "Commercial Invoice CI-2026-0003: Garlic Ooty 500.5 kg, which is not on the order.",
      ]);
    });
  });

  describe("weights", () => {
    it("names a gross weight that is not what the containers add up to", () => {
      const differences = documentsAgree(withDocument(packingList.label, { grossWeightKg: "27540" }));
      expect(differences).toEqual([
        {
          rule: "weight",
          document: "Packing List PL-2026-0003",
          message: "Packing List PL-2026-0003: gross weight 27,540 kg, but the containers add up to 28,187.5 kg.",
        },
      ]);
    });

    it("is exact to the gram, with no rounding of a float", () => {
      const input = withDocument(billOfLading.label, { netWeightKg: "27500.001" });
      expect(documentsAgree(input).map((d) => d.message)).toEqual([
        "Bill of Lading MEDU1234567: net weight 27,500.001 kg, but the containers add up to 27,500 kg.",
      ]);
      // Trailing zeros are the same weight.
      const sums = { ...agreeing, containerTotals: { netWeightKg: "0.3", grossWeightKg: "28187.5" } };
      const small = { ...sums, documents: [order, { ...packingList, netWeightKg: "0.30" }] };
      expect(documentsAgree(small)).toEqual([]);
    });

    it("is not compared without the containers' totals", () => {
      const input = { ...withDocument(packingList.label, { grossWeightKg: "1" }), containerTotals: undefined };
      expect(documentsAgree(input)).toEqual([]);
    });

    it("names a weight that is not a number as written", () => {
      expect(
        documentsAgree(withDocument(packingList.label, { netWeightKg: "27.500,0" })).map((d) => d.message),
      ).toEqual(["Packing List PL-2026-0003: net weight 27.500,0 kg, but the containers add up to 27,500 kg."]);
    });
  });

  describe("HS codes", () => {
    it("names a different code", () => {
      const input = withDocument(invoice.label, { hsCodes: { ...invoice.hsCodes, "Green Chilli G4": "0709.59" } });
      expect(documentsAgree(input)).toEqual([
        {
          rule: "hs-code",
          document: "Commercial Invoice CI-2026-0003",
          message: "Commercial Invoice CI-2026-0003: HS code 0709.59 for Green Chilli G4, but the order has 0709.60.",
        },
      ]);
    });

    it("names a code that is only the 4-digit heading of the order's", () => {
      const input = withDocument(invoice.label, { hsCodes: { ...invoice.hsCodes, "Nashik Red Onion": "07.03" } });
      expect(documentsAgree(input).map((d) => d.message)).toEqual([
        "Commercial Invoice CI-2026-0003: HS code 07.03 for Nashik Red Onion is only the heading of the order's 0703.10.",
      ]);
    });

    it("does not compare a product whose code the document does not state", () => {
      expect(documentsAgree(withDocument(invoice.label, { hsCodes: { "Nashik Red Onion": "0703 10" } }))).toEqual([]);
    });
  });

  describe("Incoterm and named place", () => {
    it("names a different Incoterm and a different place", () => {
      const input = withDocument(invoice.label, { incoterm: "CIF", namedPlace: "Dubai" });
      expect(documentsAgree(input).map((d) => [d.rule, d.message])).toEqual([
        ["incoterm", "Commercial Invoice CI-2026-0003: Incoterm CIF, but the order has CFR."],
        ["incoterm", "Commercial Invoice CI-2026-0003: named place Dubai, but the order has Jebel Ali."],
      ]);
    });

    it("ignores case, spaces and punctuation", () => {
      expect(documentsAgree(withDocument(invoice.label, { incoterm: "C.F.R.", namedPlace: "JEBEL-ALI" }))).toEqual([]);
    });
  });

  describe("totals", () => {
    it("names a different amount in the order's currency", () => {
      const input = withDocument(invoice.label, { totalMinor: 1_240_050 });
      expect(documentsAgree(input)).toEqual([
        {
          rule: "total",
          document: "Commercial Invoice CI-2026-0003",
          message:
            "Commercial Invoice CI-2026-0003: total USD\u00a012,400.50, but the order's total is USD\u00a012,500.50.",
        },
      ]);
    });

    it("names a different currency, even for the same number", () => {
      const input = withDocument(invoice.label, { currency: "EUR" });
      expect(documentsAgree(input).map((d) => d.message)).toEqual([
        "Commercial Invoice CI-2026-0003: total in EUR, but the order is in USD.",
      ]);
    });

    it("reads a total without a currency in the order's", () => {
      expect(documentsAgree(withDocument(invoice.label, { currency: undefined }))).toEqual([]);
      const input = withDocument(invoice.label, { currency: undefined, totalMinor: 1_250_000 });
      expect(documentsAgree(input).map((d) => d.message)).toEqual([
        "Commercial Invoice CI-2026-0003: total USD\u00a012,500.00, but the order's total is USD\u00a012,500.50.",
      ]);
    });
  });

  describe("the bill of lading date against the letter of credit", () => {
    it("names a date after the latest shipment date", () => {
      const input = withDocument(billOfLading.label, { billOfLadingDate: "2026-03-16" });
      expect(documentsAgree(input)).toEqual([
        {
          rule: "lc-shipment-date",
          document: "Bill of Lading MEDU1234567",
          message:
            "Bill of Lading MEDU1234567: bill of lading date 16 Mar 2026 is after the letter of credit's latest shipment date, 15 Mar 2026.",
        },
      ]);
    });

    it("names a date after the expiry too", () => {
      const input = withDocument(billOfLading.label, { billOfLadingDate: "2026-04-06" });
      expect(documentsAgree(input).map((d) => d.message)).toEqual([
        "Bill of Lading MEDU1234567: bill of lading date 6 Apr 2026 is after the letter of credit's latest shipment date, 15 Mar 2026.",
        "Bill of Lading MEDU1234567: bill of lading date 6 Apr 2026 is after the letter of credit's expiry, 5 Apr 2026.",
      ]);
    });

    it("accepts shipment on the latest shipment date itself, and any date without a letter of credit", () => {
      expect(documentsAgree(withDocument(billOfLading.label, { billOfLadingDate: "2026-03-15" }))).toEqual([]);
      const late = withDocument(billOfLading.label, { billOfLadingDate: "2026-05-01" });
      expect(documentsAgree({ ...late, letterOfCredit: null })).toEqual([]);
    });
  });

  it("lists several documents' differences document by document, the order never against itself", () => {
    const input: AgreementInput = {
      ...agreeing,
      documents: [
        { ...order, grossWeightKg: "28187.5" },
        { ...invoice, incoterm: "FOB", buyer: "Someone Else" },
        { ...packingList, netWeightKg: "27400" },
      ],
    };
    expect(documentsAgree(input).map((d) => [d.document, d.rule])).toEqual([
      ["Commercial Invoice CI-2026-0003", "buyer"],
      ["Commercial Invoice CI-2026-0003", "incoterm"],
      ["Packing List PL-2026-0003", "weight"],
    ]);
  });

  it("without an order, still checks weights and the letter of credit", () => {
    const input = {
      ...agreeing,
      documents: [
        { ...invoice, grossWeightKg: "1" },
        { ...billOfLading, billOfLadingDate: "2026-03-20" },
      ],
    };
    expect(documentsAgree(input).map((d) => d.rule)).toEqual(["weight", "lc-shipment-date"]);
  });
});

describe("foldText", () => {
  it("keeps letters and digits only, lowercased and without accents", () => {
    expect(foldText("Shree Ganesh Exports Pvt. Ltd.")).toBe(foldText("SHREE GANESH EXPORTS PVT LTD"));
    expect(foldText("Société Générale")).toBe("societegenerale");
    expect(foldText("Al Noor")).not.toBe(foldText("Al Nour"));
  });
});

describe("normalizeDecimal", () => {
  it("writes a decimal one way", () => {
    expect(normalizeDecimal("26,000.00")).toBe("26000");
    expect(normalizeDecimal(" 0026000.50 ")).toBe("26000.5");
    expect(normalizeDecimal("0.000")).toBe("0");
    expect(normalizeDecimal("1,234,567.125")).toBe("1234567.125");
  });

  it("is null for what is not a plain decimal", () => {
    for (const text of ["", "abc", "27.500,0", "-5", "1e3", "26,00"]) expect(normalizeDecimal(text)).toBeNull();
  });
});
