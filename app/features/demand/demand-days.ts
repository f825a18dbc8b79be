import { DEFAULT_SITE_TIME_ZONE, siteLocalToUtc, siteToday } from "~/lib/site-time";
import { addDays } from "~/lib/time";

// Demand's days are the site's (issue 41, ADR 0056): the back office speaks India time, so a request at 20:00 UTC is
// counted, and reported, on the next day in Asia/Kolkata. Days are written YYYY-MM-DD.

/** The site's day (YYYY-MM-DD) of a moment. */
export const siteDay = (ms: number, timeZone: string = DEFAULT_SITE_TIME_ZONE) => siteToday(ms, timeZone);

/** The first moment (ISO, UTC) of a site's day: its midnight, or the first minute it has (a zone skipping midnight). */
export function siteDayStart(day: string, timeZone: string): string {
  return siteLocalToUtc(`${day}T00:00`, timeZone) ?? siteLocalToUtc(`${day}T01:00`, timeZone) ?? `${day}T00:00:00.000Z`;
}

/** The first moment (ms since the epoch) of the site's day after the one `ms` falls on. */
export const nextSiteMidnight = (ms: number, timeZone: string) =>
  Date.parse(siteDayStart(addDays(siteDay(ms, timeZone), 1), timeZone));

/** A week of the period: its first and last day, both within the period (the first and last may be short). */
export interface DemandWeek {
  from: string;
  to: string;
}

/** Monday of the week of `day` (weeks start on Monday, as in India and most of the buyers' countries). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The weeks (Monday to Sunday) that meet the days `from` to `to`, oldest first, each cut to the period. */
export function weeksOf(from: string, to: string): DemandWeek[] {
  const weeks: DemandWeek[] = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) {
    const sunday = addDays(monday, 6);
    weeks.push({ from: monday < from ? from : monday, to: sunday > to ? to : sunday });
  }
  return weeks;
}

/** Each day of the weeks, to the index of its week. */
export function weekIndexByDay(weeks: readonly DemandWeek[]): Map<string, number> {
  const index = new Map<string, number>();
  weeks.forEach((week, i) => {
    for (let day = week.from; day <= week.to; day = addDays(day, 1)) index.set(day, i);
  });
  return index;
}
