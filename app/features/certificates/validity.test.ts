import { describe, expect, it } from "vitest";
import { addDays, utcDate } from "~/lib/time";
import { daysLeft, expiresWithin, isExpired, isNotYetValid } from "./validity";

describe("certificate validity", () => {
  it("takes today as the UTC date, whatever the hour", () => {
    expect(utcDate(Date.parse("2027-03-31T23:59:59.999Z"))).toBe("2027-03-31");
    expect(utcDate(Date.parse("2027-04-01T00:00:00.000Z"))).toBe("2027-04-01");
    // 05:00 in India on 1 April is still 31 March in UTC.
    expect(utcDate(Date.parse("2027-04-01T05:00:00+05:30"))).toBe("2027-03-31");
  });

  it("counts days across months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
    expect(addDays("2027-01-10", -10)).toBe("2026-12-31");
    expect(addDays("2027-01-01", 60)).toBe("2027-03-02");
    expect(daysLeft("2027-03-02", "2027-01-01")).toBe(60);
    expect(daysLeft("2026-12-31", "2027-01-01")).toBe(-1);
  });

  it("a certificate starting tomorrow is not yet valid; one starting today is", () => {
    expect(isNotYetValid("2027-05-11", "2027-05-10")).toBe(true);
    expect(isNotYetValid("2027-05-10", "2027-05-10")).toBe(false);
    expect(isNotYetValid(null, "2027-05-10")).toBe(false);
  });

  it("a certificate valid until today still holds today and lapses tomorrow", () => {
    expect(isExpired("2027-05-10", "2027-05-10")).toBe(false);
    expect(isExpired("2027-05-10", "2027-05-11")).toBe(true);
    expect(isExpired("2027-05-10", "2027-05-09")).toBe(false);
    // No end date: a registration that does not lapse.
    expect(isExpired(null, "2099-01-01")).toBe(false);
    expect(isExpired("", "2099-01-01")).toBe(false);
  });

  it("expiring within N days: from today to today + N, not once expired", () => {
    const today = "2027-01-01";
    expect(expiresWithin("2027-01-01", today, 60)).toBe(true);
    expect(expiresWithin("2027-03-02", today, 60)).toBe(true);
    expect(expiresWithin("2027-03-03", today, 60)).toBe(false);
    expect(expiresWithin("2026-12-31", today, 60)).toBe(false);
    expect(expiresWithin(null, today, 60)).toBe(false);
  });
});
