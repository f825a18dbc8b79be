import { useRouteLoaderData } from "react-router";
import { DEFAULT_SITE_TIME_ZONE, formatSiteDate, formatSiteTime } from "~/lib/site-time";

/** The site's time zone, as the admin layout's loader read it: every time in the back office is shown in it. */
export function useSiteTimeZone(): string {
  const layout = useRouteLoaderData("routes/admin/layout") as { timeZone?: string } | undefined;
  return layout?.timeZone ?? DEFAULT_SITE_TIME_ZONE;
}

/**
 * A stored UTC moment, shown in the site's time zone: "25 Nov 2026, 10:05 GMT+5:30", or with `day` only its day there,
 * "25 Nov 2026" (a list's date column).
 */
export function SiteTime({
  iso,
  day,
  className,
}: {
  iso: string | null | undefined;
  day?: boolean;
  className?: string;
}) {
  const timeZone = useSiteTimeZone();
  if (!iso) return null;
  return (
    <time dateTime={iso} className={className}>
      {day ? formatSiteDate(iso, timeZone) : formatSiteTime(iso, timeZone)}
    </time>
  );
}
