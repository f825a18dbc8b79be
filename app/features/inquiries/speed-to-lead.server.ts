import type { Db } from "~/db/database.server";
import { formatDay, formatSiteTime, siteLocalToUtc, siteToday } from "~/lib/site-time";
import { NO_REPLY_NEEDED } from "./reply-due.server";

// The dashboard's speed to lead (issue 28): the leads waiting for a first reply, the follow-ups that are due, and
// how fast the desk answered this month.

/** How many leads each dashboard list shows; the count says how many there are in all. */
const LISTED = 10;

/** Leads no longer worth following up. */
const FINISHED = ["won", "lost", "closed", "spam"] as const;

interface LeadRow {
  id: string;
  full_name: string;
  subject: string;
  at: string;
  /** False: the lead has no due time (received before one was kept), `at` is when it came in. */
  due: boolean;
}

const leadsOf = (rows: LeadRow[], timeZone: string, now: number) =>
  rows.map((row) => ({
    id: row.id,
    name: row.full_name,
    subject: row.subject,
    when: formatSiteTime(row.at, timeZone),
    due: row.due,
    overdue: row.due && Date.parse(row.at) < now,
  }));

/** Leads without a first reply, soonest due first (overdue ones on top), and how many there are. */
export async function listRepliesDue(db: Db, now: number, timeZone: string) {
  // Every lead without a first reply, a due time or not (issue 41: a new inquiry without one was counted as
  // waiting by the Inquiries card and left out here, which said "Every inquiry has had its first reply").
  const waiting = db
    .selectFrom("inquiries")
    .where("first_reply_at", "is", null)
    .where("status", "not in", [...NO_REPLY_NEEDED]);
  const [found, total] = await Promise.all([
    waiting
      .select(["id", "full_name", "subject", "reply_due_at", "created_at"])
      .orderBy((eb) => eb.fn.coalesce("reply_due_at", "created_at"))
      .orderBy("id")
      .limit(LISTED)
      .execute(),
    waiting.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const rows = found.map((row) => ({ ...row, at: row.reply_due_at ?? row.created_at, due: row.reply_due_at !== null }));
  return { leads: leadsOf(rows, timeZone, now), total: Number(total.n) };
}

/** Open leads whose follow-up day (site time) has come, oldest first, and how many there are. */
export async function listFollowUpsDue(db: Db, now: number, timeZone: string) {
  const today = siteToday(now, timeZone);
  const due = db
    .selectFrom("inquiries")
    .where("follow_up_at", "<=", today)
    .where("status", "not in", [...FINISHED]);
  const [rows, total] = await Promise.all([
    due
      .select(["id", "full_name", "subject", "follow_up_at as at"])
      .orderBy("follow_up_at")
      .orderBy("id")
      .limit(LISTED)
      .execute(),
    due.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    leads: (rows as LeadRow[]).map((row) => ({
      id: row.id,
      name: row.full_name,
      subject: row.subject,
      when: formatDay(row.at),
      due: true,
      overdue: row.at < today,
    })),
    total: Number(total.n),
  };
}

/**
 * The median time from an inquiry's arrival to its first reply, over the inquiries received since the first of this
 * month (site time), spam excluded (deleted ones are gone); with how many were answered of how many received.
 */
export async function firstResponseThisMonth(db: Db, now: number, timeZone: string) {
  const monthStart = siteLocalToUtc(`${siteToday(now, timeZone).slice(0, 7)}-01T00:00`, timeZone)!;
  const rows = await db
    .selectFrom("inquiries")
    .select(["created_at", "first_reply_at"])
    .where("created_at", ">=", monthStart)
    .where("status", "!=", "spam")
    .execute();
  const times = rows
    .filter((row) => row.first_reply_at !== null)
    .map((row) => Date.parse(row.first_reply_at!) - Date.parse(row.created_at))
    .sort((a, b) => a - b);
  const middle = times.length >> 1;
  const median =
    times.length === 0
      ? null
      : times.length % 2
        ? times[middle]!
        : Math.round((times[middle - 1]! + times[middle]!) / 2);
  return { median, answered: times.length, received: rows.length };
}

/** "45 min", "3 h 5 min", "2 d 4 h": a response time as the dashboard says it. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}
