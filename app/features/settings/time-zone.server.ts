import type { Db } from "~/db/database.server";
import { DEFAULT_SITE_TIME_ZONE, isTimeZone, SITE_TIME_ZONE_KEY } from "~/lib/site-time";

/** The site's time zone (the setting `site_time_zone`), India's when unset or not a zone `Intl` knows. */
export async function siteTimeZone(db: Db): Promise<string> {
  const row = await db
    .selectFrom("site_settings")
    .select("setting_value")
    .where("setting_key", "=", SITE_TIME_ZONE_KEY)
    .executeTakeFirst();
  const value = row?.setting_value.trim() ?? "";
  return value && isTimeZone(value) ? value : DEFAULT_SITE_TIME_ZONE;
}

/**
 * The time zones the settings page offers: every IANA zone `Intl` knows, plus India's and the stored one (some
 * runtimes list Asia/Kolkata under its old name, Asia/Calcutta), sorted.
 */
export function timeZoneChoices(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  for (const zone of [DEFAULT_SITE_TIME_ZONE, "UTC", current]) if (zone && isTimeZone(zone)) zones.add(zone);
  return [...zones].sort();
}
