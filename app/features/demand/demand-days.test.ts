import { describe, expect, it } from "vitest";
import { nextSiteMidnight, siteDay, siteDayStart, weekIndexByDay, weeksOf } from "./demand-days";

describe("Demand's days are the site's (issue 41)", () => {
  it("puts 20:00 UTC on the next day in India, and on the same day in UTC", () => {
    const at = Date.parse("2026-11-29T20:00:00Z");
    expect(siteDay(at, "Asia/Kolkata")).toBe("2026-11-30");
    expect(siteDay(at)).toBe("2026-11-30");
    expect(siteDay(at, "UTC")).toBe("2026-11-29");
    expect(siteDay(Date.parse("2026-11-29T18:29:59Z"), "Asia/Kolkata")).toBe("2026-11-29");
    expect(siteDay(Date.parse("2026-11-29T18:30:00Z"), "Asia/Kolkata")).toBe("2026-11-30");
  });

  it("starts a day at the site's midnight", () => {
    expect(siteDayStart("2026-11-30", "Asia/Kolkata")).toBe("2026-11-29T18:30:00.000Z");
    expect(siteDayStart("2026-11-30", "UTC")).toBe("2026-11-30T00:00:00.000Z");
    expect(nextSiteMidnight(Date.parse("2026-11-29T20:00:00Z"), "Asia/Kolkata")).toBe(
      Date.parse("2026-11-30T18:30:00Z"),
    );
    // A zone in summer time: New York is UTC-4 on 1 June.
    expect(siteDayStart("2026-06-01", "America/New_York")).toBe("2026-06-01T04:00:00.000Z");
  });

  it("cuts a period into weeks from Monday to Sunday, the first and last cut to it", () => {
    // 3 November 2026 is a Tuesday; 2 December a Wednesday.
    const weeks = weeksOf("2026-11-03", "2026-12-02");
    expect(weeks).toEqual([
      { from: "2026-11-03", to: "2026-11-08" },
      { from: "2026-11-09", to: "2026-11-15" },
      { from: "2026-11-16", to: "2026-11-22" },
      { from: "2026-11-23", to: "2026-11-29" },
      { from: "2026-11-30", to: "2026-12-02" },
    ]);
    const index = weekIndexByDay(weeks);
    expect(index.size).toBe(30);
    expect(index.get("2026-11-29")).toBe(3);
    expect(index.get("2026-11-30")).toBe(4);
    expect(weeksOf("2026-11-30", "2026-11-30")).toEqual([{ from: "2026-11-30", to: "2026-11-30" }]);
  });
});
