import { describe, expect, it } from "vitest";
import { sameParts, withParts } from "./version-fields";
import { describeTranslations, translationLine } from "./translations-text";

describe("one field of a version put back (ADR 0055)", () => {
  const now = {
    name: "Red Onion",
    trade_terms: { min_order_quantity: 28, min_order_unit: "kg", origin: "Nashik" },
    translations: { ar: { name: "بصل" }, bn: { name: "পেঁয়াজ" } },
  };
  const version = {
    name: "Onion",
    trade_terms: { min_order_quantity: 25, min_order_unit: "MT", origin: "Gujarat" },
    translations: { ar: { name: "بصل أحمر" } },
  };

  it("takes the parts at the paths from the version and leaves every other part as it is now", () => {
    const paths = [
      ["trade_terms", "min_order_quantity"],
      ["trade_terms", "min_order_unit"],
    ];
    const merged = withParts(now, version, paths);
    expect(merged).toEqual({ ...now, trade_terms: { min_order_quantity: 25, min_order_unit: "MT", origin: "Nashik" } });
    // A copy: neither snapshot changes.
    expect(now.trade_terms.min_order_quantity).toBe(28);
    expect(sameParts(merged, version, paths)).toBe(true);
    expect(sameParts(now, version, paths)).toBe(false);
  });

  it("removes a part the version did not have (a translation added since)", () => {
    const merged = withParts(now, version, [["translations", "bn", "name"]]);
    expect(merged.translations).toEqual({ ar: { name: "بصل" }, bn: {} });
    expect(sameParts({ a: null }, {}, [["a"]])).toBe(true);
  });

  it("reads a translation's History line back as its language and field", () => {
    const [line] = Object.keys(describeTranslations({ ar: { name: "بصل" } }));
    expect(translationLine(line!)).toEqual({ lang: "ar", field: "name" });
    expect(translationLine("Translation (ar): Hero Title")).toEqual({ lang: "ar", field: "Hero Title" });
    expect(translationLine("Minimum Order")).toBeNull();
  });
});
