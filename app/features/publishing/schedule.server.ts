import type { Db } from "~/db/database.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { siteLocalToUtc } from "~/lib/site-time";

export type ScheduleResult = { ok: true; publishAt: string | null } | { ok: false; message: string };

/**
 * The publishing time a form's 'Schedule' input asks for, as UTC: only a draft is scheduled (a time beside
 * 'Published' is dropped, so scheduling never takes a live item down); the time is read in the site's time zone and
 * must be in the future by the server's clock.
 */
export async function resolveSchedule(db: Db, now: number, status: string, local: string): Promise<ScheduleResult> {
  if (status !== "draft" || !local) return { ok: true, publishAt: null };
  const publishAt = siteLocalToUtc(local, await siteTimeZone(db));
  if (!publishAt) return { ok: false, message: "Enter a date and time to publish at." };
  if (Date.parse(publishAt) <= now) return { ok: false, message: "Choose a time in the future to publish at." };
  return { ok: true, publishAt };
}
