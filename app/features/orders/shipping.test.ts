import { describe, expect, it } from "vitest";
import {
  documentKindLabel,
  isMadeDocumentKind,
  isUploadedDocumentKind,
  shipmentReference,
  sumDecimals,
} from "./shipping";

describe("sumDecimals", () => {
  it("adds exactly, whatever the places", () => {
    expect(sumDecimals(["0.1", "0.2"])).toBe("0.3");
    expect(sumDecimals(["26,000.5", "1000"])).toBe("27000.5");
    expect(sumDecimals(["13770", "13770"])).toBe("27540");
    expect(sumDecimals(["0.25", "0.75"])).toBe("1");
    expect(sumDecimals(["0.005"])).toBe("0.005");
    expect(sumDecimals([])).toBe("0");
  });
  it("counts text that is no decimal as nothing", () => {
    expect(sumDecimals(["12", "twelve", "-3"])).toBe("12");
  });
});

describe("document kinds", () => {
  it("tells made from uploaded, and names each", () => {
    expect(isMadeDocumentKind("commercial-invoice")).toBe(true);
    expect(isMadeDocumentKind("phytosanitary")).toBe(false);
    expect(isUploadedDocumentKind("phytosanitary")).toBe(true);
    expect(isUploadedDocumentKind("toString")).toBe(false);
    expect(documentKindLabel("packing-list")).toBe("Packing List");
    expect(documentKindLabel("bill-of-lading")).toBe("Bill of Lading");
  });
  it("numbers shipments within their order", () => {
    expect(shipmentReference("SO-2026-0001", 2)).toBe("SO-2026-0001/2");
  });
});
