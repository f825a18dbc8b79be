import type { Db } from "~/db/database.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { formatSiteTime, siteLocalToUtc } from "~/lib/site-time";
import { PUBLIC_STATUS } from "./visibility";

export type ScheduleResult<Status extends string> =
  { ok: true; status: Status | "draft"; publishAt: string | null; timeZone?: string } | { ok: false; message: string };

export const SCHEDULE_MESSAGES = {
  unreadable: "Enter a date and time to publish at.",
  past: "Choose a time in the future to publish at.",
  alreadyLive:
    "This is already published, so it cannot be published later. To take it down now and publish it at that time, " +
    "choose Draft; to keep it live, clear Schedule.",
  archived: "An archived post is not published at a time. Choose Draft or Published to schedule it, or clear Schedule.",
};

/**
 * The status and publishing time (UTC) a form's 'Status' and 'Schedule' ask for (issue 41). A time in the future
 * means Scheduled: stored as a draft with that time, whether Draft or Published was chosen, so nothing goes live
 * before its date. What cannot be honoured is refused with why: a time that is not in the future (by the server's
 * clock, read in the site's time zone), a schedule for an item already live with Published chosen (scheduling never
 * takes a live item down unless Draft says so), or an archived post.
 */
export async function resolveSchedule<Status extends string>(
  db: Db,
  now: number,
  input: { status: Status; local: string; saved: SavedItem },
): Promise<ScheduleResult<Status>> {
  const { status, local, saved } = input;
  if (!local) return { ok: true, status, publishAt: null };
  const timeZone = await siteTimeZone(db);
  const publishAt = siteLocalToUtc(local, timeZone);
  if (!publishAt) return { ok: false, message: SCHEDULE_MESSAGES.unreadable };
  if (Date.parse(publishAt) <= now) return { ok: false, message: SCHEDULE_MESSAGES.past };
  if (status === "archived") return { ok: false, message: SCHEDULE_MESSAGES.archived };
  // Whether it is live is read only when a schedule asks it, not on every save.
  if (status === (PUBLIC_STATUS as string) && (await publishedNow(db, saved)))
    return { ok: false, message: SCHEDULE_MESSAGES.alreadyLive };
  return { ok: true, status: "draft", publishAt, timeZone };
}

/** The save's toast text: the spec's "has been saved.", and when a schedule was set, when it goes live. */
export function savedText(name: string, schedule: { publishAt: string | null; timeZone?: string }) {
  if (!schedule.publishAt || !schedule.timeZone) return `"${name}" has been saved.`;
  const when = formatSiteTime(schedule.publishAt, schedule.timeZone);
  return `"${name}" has been saved. It is scheduled: published on ${when}.`;
}

/** The product or post a form saves: undefined `id` for one being added. */
type SavedItem = { table: "products" | "blog_posts"; id: string | undefined };

/** Whether the saved product or post is published now (false for one being added). */
async function publishedNow(db: Db, { table, id }: SavedItem) {
  if (!id) return false;
  const row = await db.selectFrom(table).select("status").where("id", "=", id).executeTakeFirst();
  return row?.status === PUBLIC_STATUS;
}
