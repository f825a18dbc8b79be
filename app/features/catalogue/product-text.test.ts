import { describe, expect, it } from "vitest";
import { formatSpecValue, parseImageList, parseSpecifications, shortDescription } from "./product-text";

describe("product card text", () => {
  it("is the first 100 characters and an ellipsis, the whole text when shorter, or the export fallback", () => {
    const long = "x".repeat(150);
    expect(shortDescription(long, "Onion")).toBe(`${"x".repeat(100)}...`);
    expect(shortDescription("x".repeat(100), "Onion")).toBe("x".repeat(100));
    expect(shortDescription("Short text", "Onion")).toBe("Short text");
    expect(shortDescription(null, "Red Onion")).toBe("Premium Red Onion available for export.");
    expect(shortDescription("   ", "Garlic")).toBe("Premium Garlic available for export.");
  });
});

describe("specifications", () => {
  it("shows booleans as Yes / No and text as it is, in stored order", () => {
    expect(formatSpecValue(true)).toBe("Yes");
    expect(formatSpecValue(false)).toBe("No");
    expect(formatSpecValue("true")).toBe("true");
    expect(parseSpecifications('{"Size":"55 mm","Organic":false,"Cured":true}')).toEqual([
      ["Size", "55 mm"],
      ["Organic", false],
      ["Cured", true],
    ]);
  });

  it("reads malformed JSON or odd shapes as no rows instead of failing", () => {
    expect(parseSpecifications("not json")).toEqual([]);
    expect(parseSpecifications("[1,2]")).toEqual([]);
    expect(parseSpecifications('{"Nested":{"a":1},"Count":3}')).toEqual([["Count", "3"]]);
    expect(parseImageList('["/a.jpg", 5, "", "/b.jpg"]')).toEqual(["/a.jpg", "/b.jpg"]);
    expect(parseImageList("{}")).toEqual([]);
  });
});
