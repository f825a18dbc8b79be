import { describe, expect, it } from "vitest";
import { convertRange, isFreshRate, rateExpiresAt } from "./rates";
import { rateTypo } from "./rates.schema";

describe("exchange rates (issue 43)", () => {
  const rates = { AED: { rate: 3.6725, date: "2026-11-27" }, EUR: { rate: 0.92, date: "2026-11-25" } };

  it("converts from USD, and from another currency through USD, dated by the older rate", () => {
    expect(convertRange(330, 380, "USD", "AED", rates)).toEqual({
      min: 330 * 3.6725,
      max: 380 * 3.6725,
      date: "2026-11-27",
    });
    const fromEuro = convertRange(92, 92, "EUR", "AED", rates)!;
    expect(fromEuro.min).toBeCloseTo(367.25, 6);
    expect(fromEuro.date).toBe("2026-11-25");
    expect(convertRange(92, 92, "EUR", "USD", rates)!.min).toBeCloseTo(100, 6);
  });

  it("converts nothing without a rate for either side, or into the same currency", () => {
    expect(convertRange(1, 2, "USD", "SAR", rates)).toBeNull();
    expect(convertRange(1, 2, "GBP", "AED", rates)).toBeNull();
    expect(convertRange(1, 2, "AED", "AED", rates)).toBeNull();
    expect(convertRange(1, 2, "USD", "USD", rates)).toBeNull();
  });

  it("uses a rate while it is at most the allowed days old, and says the midnight it goes stale", () => {
    expect(isFreshRate("2026-11-21", "2026-11-28", 7)).toBe(true);
    expect(isFreshRate("2026-11-20", "2026-11-28", 7)).toBe(false);
    // A rate dated the site's today, ahead of UTC's, is fresh.
    expect(isFreshRate("2026-11-29", "2026-11-28", 1)).toBe(true);
    expect(new Date(rateExpiresAt("2026-11-21", 7)).toISOString()).toBe("2026-11-29T00:00:00.000Z");
  });

  it("refuses a slipped decimal point and keeps ordinary drift", () => {
    expect(rateTypo("AED", 3.6725)).toBeNull();
    expect(rateTypo("LKR", 360)).toBeNull();
    expect(rateTypo("AED", 36.725)).toContain("Check the decimal point");
    expect(rateTypo("KWD", 3.07)).toContain("Check the decimal point");
  });
});
