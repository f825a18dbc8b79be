import { describe, expect, it } from "vitest";
import { belowMinimumOrder, type MinimumOrder } from "./minimum-order";

const fortyFoot: MinimumOrder = {
  quantity: 1,
  unit: "40 ft container",
  text: "1 × 40 ft container",
  containerMt: { "20 ft container": 14, "40 ft container": 29 },
};
const tenTonnes: MinimumOrder = { ...fortyFoot, quantity: 10, unit: "MT", text: "10 MT" };

describe("belowMinimumOrder", () => {
  it("compares in the same unit", () => {
    expect(belowMinimumOrder(0.5, "40 ft container", fortyFoot)).toBe(true);
    expect(belowMinimumOrder(1, "40 ft container", fortyFoot)).toBe(false);
    expect(belowMinimumOrder(2, "cartons", { ...fortyFoot, quantity: 100, unit: "cartons" })).toBe(true);
  });

  it("converts kg, MT and containers with a known load", () => {
    expect(belowMinimumOrder(0.5, "kg", fortyFoot)).toBe(true);
    expect(belowMinimumOrder(28, "MT", fortyFoot)).toBe(true);
    expect(belowMinimumOrder(29, "MT", fortyFoot)).toBe(false);
    expect(belowMinimumOrder(3, "20 ft container", fortyFoot)).toBe(false);
    expect(belowMinimumOrder(2, "20 ft container", fortyFoot)).toBe(true);
    expect(belowMinimumOrder(10000, "kg", tenTonnes)).toBe(false);
    expect(belowMinimumOrder(9999, "kg", tenTonnes)).toBe(true);
  });

  it("stays silent where it cannot judge", () => {
    const unknownLoad = { ...fortyFoot, containerMt: { "20 ft container": null, "40 ft container": null } };
    expect(belowMinimumOrder(0.5, "kg", unknownLoad)).toBe(false);
    expect(belowMinimumOrder(5, "cartons", fortyFoot)).toBe(false);
    expect(belowMinimumOrder(0, "kg", fortyFoot)).toBe(false);
    expect(belowMinimumOrder(Number.NaN, "kg", fortyFoot)).toBe(false);
  });
});
