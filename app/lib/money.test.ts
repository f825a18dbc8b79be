import { describe, expect, it } from "vitest";
import { formatMoney, lineTotalMinor, minorDigits, minorToDecimal, parsePriceMinor } from "./money";
import { countryCodeOf } from "~/lib/country";

describe("quote money", () => {
  it("knows each currency's minor unit", () => {
    expect([minorDigits("USD"), minorDigits("KWD"), minorDigits("INR")]).toEqual([2, 3, 2]);
  });
  it("reads prices as people type them, refusing what is not one", () => {
    expect(parsePriceMinor("1,250.50", "USD")).toBe(125_050);
    expect(parsePriceMinor(" 980 ", "USD")).toBe(98_000);
    expect(parsePriceMinor("12.5", "USD")).toBe(1_250);
    expect(parsePriceMinor("1.234", "KWD")).toBe(1_234);
    for (const bad of ["", "-5", "1.234", "12,5", "abc", "1e3", "1.2.3"])
      expect(parsePriceMinor(bad, "USD")).toBeNull();
  });
  it("computes line totals exactly, rounding half away from zero", () => {
    expect(lineTotalMinor("25", 32_000)).toBe(800_000);
    expect(lineTotalMinor("33.333", 125_050)).toBe(4_168_292); // 4,168,291.65 cents
    expect(lineTotalMinor("0.5", 1)).toBe(1);
    expect(() => lineTotalMinor("-1", 100)).toThrow();
  });
  it("prints amounts and form values", () => {
    expect(formatMoney(125_050, "USD")).toBe("USD\u00a01,250.50");
    expect(minorToDecimal(125_050, "USD")).toBe("1250.50");
    expect(minorToDecimal(5, "USD")).toBe("0.05");
    expect(minorToDecimal(1_234, "KWD")).toBe("1.234");
  });
});

describe("countries", () => {
  it("reads countries from codes and names", () => {
    expect(countryCodeOf("bd")).toBe("BD");
    expect(countryCodeOf("United Arab Emirates")).toBe("AE");
    expect(countryCodeOf("UAE")).toBe("AE");
    expect(countryCodeOf("XX")).toBe("");
    expect(countryCodeOf("Narnia")).toBe("");
  });
});
