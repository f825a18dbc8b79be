/** Times are stored in UTC and shown in the site's time zone (issue 27): a setting, India's by default. */
export const DEFAULT_SITE_TIME_ZONE = "Asia/Kolkata";
export const SITE_TIME_ZONE_KEY = "site_time_zone";

/** Whether `Intl` knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The one way the back office writes a date (issue 41): the day first, "28 Nov 2026", whether alone, as the day of a
 * moment or before its time. Public pages and PDFs write dates in the page's language instead (features/blog/dates).
 */
const DAY_FIRST = { locale: "en-GB", options: { day: "numeric", month: "short", year: "numeric" } } as const;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(DAY_FIRST.locale, {
      ...DAY_FIRST.options,
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      timeZone,
      timeZoneName: "short",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** "25 Nov 2026, 10:05 GMT+5:30": a moment as the back office shows it, in the site's time zone. */
export function formatSiteTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return formatOf(isTimeZone(timeZone) ? timeZone : DEFAULT_SITE_TIME_ZONE).format(new Date(ms));
}

/** The offset of `timeZone` from UTC at the moment `ms`, in milliseconds (India: +19,800,000). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * A wall-clock time typed in the site's time zone (`YYYY-MM-DDTHH:MM`, as `<input type="datetime-local">` sends it)
 * as a UTC ISO string, or null when it is not one.
 */
export function siteLocalToUtc(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== d) return null;
  // Two passes settle a time near a daylight-saving change.
  let utc = wall - offsetAt(wall, timeZone);
  utc = wall - offsetAt(utc, timeZone);
  return new Date(utc).toISOString();
}

/** A UTC moment as the `datetime-local` value of the site's time zone (`YYYY-MM-DDTHH:MM`). */
export function utcToSiteLocal(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return new Date(ms + offsetAt(ms, timeZone)).toISOString().slice(0, 16);
}

const dates = new Map<string, Intl.DateTimeFormat>();
/** "25 Nov 2026": the day of a moment in the site's time zone (a list's date column). */
export function formatSiteDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_SITE_TIME_ZONE;
  let format = dates.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(DAY_FIRST.locale, { ...DAY_FIRST.options, timeZone: zone });
    dates.set(zone, format);
  }
  return format.format(new Date(ms));
}

/** Today's date (`YYYY-MM-DD`) in the site's time zone at the moment `now`. */
export const siteToday = (now: number, timeZone: string) =>
  utcToSiteLocal(new Date(now).toISOString(), timeZone).slice(0, 10);

const dayFormat = new Intl.DateTimeFormat(DAY_FIRST.locale, { ...DAY_FIRST.options, timeZone: "UTC" });
/** "3 Dec 2026": a day (`YYYY-MM-DD`, a date with no time: a certificate's last day, a follow-up) in the back office. */
export function formatDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : dayFormat.format(new Date(ms));
}
