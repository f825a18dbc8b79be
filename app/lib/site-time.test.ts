import { describe, expect, it } from "vitest";
import { formatDay, formatSiteDate, formatSiteTime, isTimeZone, siteLocalToUtc, utcToSiteLocal } from "./site-time";

describe("site time", () => {
  it("shows a UTC moment in the site's time zone", () => {
    expect(formatSiteTime("2026-11-25T04:35:00Z", "Asia/Kolkata")).toBe("25 Nov 2026, 10:05 GMT+5:30");
    expect(formatSiteTime("2026-11-25T04:35:00Z", "UTC")).toBe("25 Nov 2026, 04:35 UTC");
  });
  it("writes every back-office date day first, the day in the site's time zone (issue 41: one format)", () => {
    expect(formatSiteDate("2026-11-28T04:35:00Z", "Asia/Kolkata")).toBe("28 Nov 2026");
    // 20:00 UTC on the 24th is already the 25th in India, still the 24th in New York.
    expect(formatSiteDate("2026-11-24T20:00:00Z", "Asia/Kolkata")).toBe("25 Nov 2026");
    expect(formatSiteDate("2026-11-24T20:00:00Z", "America/New_York")).toBe("24 Nov 2026");
    expect(formatSiteDate("2026-11-24T20:00:00Z", "Mars/Olympus")).toBe("25 Nov 2026");
    expect(formatSiteDate(null, "Asia/Kolkata")).toBe("");
    // A day with no time (a certificate's last day, a follow-up) reads the same.
    expect(formatDay("2026-12-03")).toBe("3 Dec 2026");
    // A moment is that date and the time: "28 Nov 2026, 14:05 …".
    expect(formatSiteTime("2026-11-28T08:35:00Z", "Asia/Kolkata")).toMatch(/^28 Nov 2026, 14:05 /);
  });
  it("reads a wall-clock time typed in the site's zone as UTC, and back", () => {
    expect(siteLocalToUtc("2026-12-01T09:30", "Asia/Kolkata")).toBe("2026-12-01T04:00:00.000Z");
    expect(siteLocalToUtc("2026-07-01T09:30", "Europe/London")).toBe("2026-07-01T08:30:00.000Z");
    expect(utcToSiteLocal("2026-12-01T04:00:00.000Z", "Asia/Kolkata")).toBe("2026-12-01T09:30");
    expect(siteLocalToUtc("2026-02-30T09:30", "Asia/Kolkata")).toBeNull();
    expect(siteLocalToUtc("tomorrow", "Asia/Kolkata")).toBeNull();
  });
  it("knows real zone names only", () => {
    expect(isTimeZone("Asia/Dubai")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
