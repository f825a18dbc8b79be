import { siteLocalToUtc, utcToSiteLocal } from "~/lib/site-time";

// Speed to lead (issue 28): when a new inquiry's first reply is due, counting only the desk's business hours in
// the site's time zone. Both are settings (site-fields.ts): `reply_target_minutes` and `business_hours`.

export const REPLY_TARGET_KEY = "reply_target_minutes";
export const BUSINESS_HOURS_KEY = "business_hours";
/** The target when the setting is empty: a first reply within the hour. */
export const DEFAULT_REPLY_TARGET_MINUTES = 60;
/** A week: a longer target is no longer "speed to lead". */
export const MAX_REPLY_TARGET_MINUTES = 7 * 24 * 60;

const DAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The days the desk answers (0 Sunday … 6 Saturday) and its hours, in minutes after midnight, site time. */
export interface BusinessHours {
  days: ReadonlySet<number>;
  opens: number;
  closes: number;
}

const clock = (text: string): number | null => {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : text === "24:00" ? 24 * 60 : null;
};
/** A day by its name or its first three letters or more ("Mon", "Tues", "Saturday"), 0 for Sunday; else null. */
const dayOf = (text: string): number | null => {
  const name = text.toLowerCase();
  const index = DAY_NAMES.findIndex((day) => name.length >= 3 && day.startsWith(name));
  return index === -1 ? null : index;
};

/**
 * "Mon-Sat 09:30-18:30", "Mon,Wed,Fri 10:00-17:00", "Sun-Thu 08:00-16:00" (a Gulf week): null for an empty setting
 * (every hour counts), undefined when the text is not such a line.
 */
export function parseBusinessHours(text: string): BusinessHours | null | undefined {
  const value = text.trim().replace(/[–—]/g, "-");
  if (!value) return null;
  const match =
    /^([A-Za-z]{3,9}(?:\s*-\s*[A-Za-z]{3,9})?(?:\s*,\s*[A-Za-z]{3,9}(?:\s*-\s*[A-Za-z]{3,9})?)*)\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(
      value,
    );
  if (!match) return undefined;
  const opens = clock(match[2]!);
  const closes = clock(match[3]!);
  if (opens === null || closes === null || closes <= opens) return undefined;
  const days = new Set<number>();
  for (const part of match[1]!.split(",")) {
    const [from, to] = part.split("-").map((name) => dayOf(name.trim()));
    if (from === null || from === undefined || to === null) return undefined;
    if (to === undefined) days.add(from);
    // A range may wrap the week's end: Sun-Thu, Sat-Wed.
    else
      for (let day = from; ; day = (day + 1) % 7) {
        days.add(day);
        if (day === to) break;
      }
  }
  return { days, opens, closes };
}

/** The target in minutes from the setting's text: the default when empty or not a whole number in range. */
export function replyTargetMinutes(text: string | undefined): number {
  const value = Number((text ?? "").trim());
  return Number.isInteger(value) && value >= 1 && value <= MAX_REPLY_TARGET_MINUTES
    ? value
    : DEFAULT_REPLY_TARGET_MINUTES;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * When the first reply to an inquiry received at `receivedAt` is due: `targetMinutes` of business time later, in
 * the site's time zone (daylight-saving days included); plain time when the desk has no business hours set.
 */
export function replyDueAt(
  receivedAt: string,
  targetMinutes: number,
  hours: BusinessHours | null,
  timeZone: string,
): string {
  const received = Date.parse(receivedAt);
  if (!hours || hours.days.size === 0) return new Date(received + targetMinutes * 60_000).toISOString();
  let remaining = targetMinutes * 60_000;
  const [y, m, d] = utcToSiteLocal(receivedAt, timeZone).slice(0, 10).split("-").map(Number);
  // Day by day from the day it came in (site time), spending the target on each day's open hours.
  for (let offset = 0; offset < 400; offset++) {
    const day = new Date(Date.UTC(y!, m! - 1, d! + offset));
    if (!hours.days.has(day.getUTCDay())) continue;
    const date = day.toISOString().slice(0, 10);
    const at = (minutes: number) =>
      Date.parse(siteLocalToUtc(`${date}T${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`, timeZone)!) +
      (minutes >= 24 * 60 ? 24 * 3_600_000 : 0);
    const start = Math.max(received, at(hours.opens));
    const end = at(hours.closes);
    // A time the clocks skip that day (an opening inside a daylight-saving gap) is no time: that day is skipped.
    if (!(end > start)) continue;
    if (remaining <= end - start) return new Date(start + remaining).toISOString();
    remaining -= end - start;
  }
  return new Date(received + targetMinutes * 60_000).toISOString();
}
