import type { Db } from "~/db/database.server";
import {
  BUSINESS_HOURS_KEY,
  parseBusinessHours,
  REPLY_TARGET_KEY,
  replyDueAt,
  replyTargetMinutes,
} from "~/lib/business-hours";
import { DEFAULT_SITE_TIME_ZONE, isTimeZone, SITE_TIME_ZONE_KEY } from "~/lib/site-time";

/**
 * When the first reply to an inquiry received at `receivedAt` is due (issue 28, speed to lead): the settings' reply
 * target in the desk's business hours, in the site's time zone, as they are when it comes in. A target or hours
 * that no longer read (stored before a rule) count as unset: 60 minutes, every hour.
 */
export async function replyDueFor(db: Db, receivedAt: string): Promise<string> {
  const rows = await db
    .selectFrom("site_settings")
    .select(["setting_key", "setting_value"])
    .where("setting_key", "in", [SITE_TIME_ZONE_KEY, REPLY_TARGET_KEY, BUSINESS_HOURS_KEY])
    .execute();
  const value = (key: string) => rows.find((row) => row.setting_key === key)?.setting_value.trim() ?? "";
  const zone = value(SITE_TIME_ZONE_KEY);
  return replyDueAt(
    receivedAt,
    replyTargetMinutes(value(REPLY_TARGET_KEY)),
    parseBusinessHours(value(BUSINESS_HOURS_KEY)) ?? null,
    zone && isTimeZone(zone) ? zone : DEFAULT_SITE_TIME_ZONE,
  );
}

/** Statuses whose lead needs no reply any more (or never did): they are never overdue. */
export const NO_REPLY_NEEDED = ["lost", "closed", "spam"] as const;

/** Where a lead stands on its first reply at `now`: answered, overdue, due, or nothing to say (older inquiries). */
export function replyState(
  inquiry: { status: string; reply_due_at: string | null; first_reply_at: string | null },
  now: number,
): "replied" | "overdue" | "due" | null {
  if (inquiry.first_reply_at) return "replied";
  if (!inquiry.reply_due_at || (NO_REPLY_NEEDED as readonly string[]).includes(inquiry.status)) return null;
  return Date.parse(inquiry.reply_due_at) < now ? "overdue" : "due";
}
