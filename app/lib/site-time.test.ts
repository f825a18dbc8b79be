import { describe, expect, it } from "vitest";
import { formatSiteTime, isTimeZone, siteLocalToUtc, utcToSiteLocal } from "./site-time";

describe("site time", () => {
  it("shows a UTC moment in the site's time zone", () => {
    expect(formatSiteTime("2026-11-25T04:35:00Z", "Asia/Kolkata")).toBe("25 Nov 2026, 10:05 GMT+5:30");
    expect(formatSiteTime("2026-11-25T04:35:00Z", "UTC")).toBe("25 Nov 2026, 04:35 UTC");
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
