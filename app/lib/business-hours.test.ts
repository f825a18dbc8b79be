import { describe, expect, it } from "vitest";
import { parseBusinessHours, replyDueAt, replyTargetMinutes } from "./business-hours";

const INDIA = "Asia/Kolkata";

describe("business hours", () => {
  it("reads days and hours as an administrator types them", () => {
    const week = parseBusinessHours("Mon-Sat 09:30-18:30");
    expect([...week!.days].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(week).toMatchObject({ opens: 9 * 60 + 30, closes: 18 * 60 + 30 });
    expect([...parseBusinessHours("Sun–Thu 8:00-16:00")!.days].sort()).toEqual([0, 1, 2, 3, 4]);
    expect([...parseBusinessHours("Monday, Wed, fri 10:00-17:00")!.days].sort()).toEqual([1, 3, 5]);
    expect([...parseBusinessHours("Sat-Mon 10:00-24:00")!.days].sort()).toEqual([0, 1, 6]);
    expect(parseBusinessHours("  ")).toBeNull();
    for (const wrong of ["Mon-Fri", "9-5", "Mon-Fri 18:00-09:00", "Mo-Fr 09:00-17:00", "Mon-Fri 09:00-25:00", "x"])
      expect(parseBusinessHours(wrong), wrong).toBeUndefined();
  });

  it("takes the target in whole minutes, 60 when empty or out of range", () => {
    expect(replyTargetMinutes("90")).toBe(90);
    expect(replyTargetMinutes("")).toBe(60);
    expect(replyTargetMinutes("1.5")).toBe(60);
    expect(replyTargetMinutes("0")).toBe(60);
    expect(replyTargetMinutes(undefined)).toBe(60);
  });
});

describe("when the first reply is due", () => {
  const desk = parseBusinessHours("Mon-Sat 09:30-18:30")!;

  it("within the day's hours: the target later", () => {
    // Tuesday 10:00 in India (04:30 UTC) + 60 minutes.
    expect(replyDueAt("2026-12-01T04:30:00.000Z", 60, desk, INDIA)).toBe("2026-12-01T05:30:00.000Z");
  });

  it("late in the day: what is left of the target runs from the next opening", () => {
    // Tuesday 18:00 India: 30 minutes that day, 30 more from Wednesday 09:30 → 10:00 India (04:30 UTC).
    expect(replyDueAt("2026-12-01T12:30:00.000Z", 60, desk, INDIA)).toBe("2026-12-02T04:30:00.000Z");
  });

  it("over the weekend and at night: from the next business morning", () => {
    // Saturday 22:00 India → Monday 09:30 + 60 minutes = 10:30 India (05:00 UTC).
    expect(replyDueAt("2026-12-05T16:30:00.000Z", 60, desk, INDIA)).toBe("2026-12-07T05:00:00.000Z");
    // Sunday 03:00 India → Monday 10:30 too.
    expect(replyDueAt("2026-12-05T21:30:00.000Z", 60, desk, INDIA)).toBe("2026-12-07T05:00:00.000Z");
  });

  it("counts wall-clock hours across a daylight-saving change (London, last Sunday of March)", () => {
    const london = parseBusinessHours("Mon-Fri 09:00-17:00")!;
    // Friday 16:30 GMT (UTC) → 30 minutes Friday, 30 from Monday 09:00 BST (08:00 UTC) → 08:30 UTC.
    expect(replyDueAt("2027-03-26T16:30:00.000Z", 60, london, "Europe/London")).toBe("2027-03-29T08:30:00.000Z");
  });

  it("gives a time on a day whose opening the clocks jump over (a daylight-saving gap)", () => {
    // New York's clocks skip 02:00–03:00 on Sunday 14 March 2027; a desk opening at 02:30 still opens that night.
    const nights = parseBusinessHours("Sun 02:30-05:00")!;
    const due = replyDueAt("2027-03-14T05:00:00.000Z", 60, nights, "America/New_York");
    expect(due.slice(0, 10)).toBe("2027-03-14");
    expect(Date.parse(due) - Date.parse("2027-03-14T05:00:00.000Z")).toBeLessThan(5 * 3_600_000);
  });

  it("without business hours: every hour counts", () => {
    expect(replyDueAt("2026-12-05T16:30:00.000Z", 60, null, INDIA)).toBe("2026-12-05T17:30:00.000Z");
  });
});
