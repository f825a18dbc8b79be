import { describe, expect, it } from "vitest";
import { shareText, weekLabel } from "./demand-charts";

describe("the Demand drawings' words", () => {
  it("writes a share so that a small one is not read as none", () => {
    expect(shareText(1, 0)).toBe("–");
    expect(shareText(0, 5)).toBe("0%");
    expect(shareText(2, 3)).toBe("67%");
    expect(shareText(8, 2)).toBe("400%");
    expect(shareText(1, 40)).toBe("2.5%");
    expect(shareText(2, 500)).toBe("0.4%");
    expect(shareText(1, 4930)).toBe("0.02%");
    expect(shareText(2, 29_685)).toBe("<0.01%");
  });

  it("names a week by its days, a day and its month kept together", () => {
    expect(weekLabel("2026-11-23", "2026-11-29")).toBe("23–29\u00a0Nov");
    expect(weekLabel("2026-10-26", "2026-11-01")).toBe("26\u00a0Oct – 1\u00a0Nov");
    expect(weekLabel("2026-12-02", "2026-12-02")).toBe("2\u00a0Dec");
  });
});
