import type { Db } from "~/db/database.server";
import { listAdministrators } from "~/features/auth/administrators.server";
import { listActivityOf } from "~/features/history/activity-list.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { deliveryMonthText } from "./quote-text";
import { formatInquiryTime, mailStateText, replyMailto } from "./inquiries.schema";
import { findInquiry, listInquiryLines, listInquiryNotes } from "./inquiry-reads.server";
import { inquiryReference } from "./quote-text";
import { replyState } from "./reply-due.server";
import { countryAsWritten } from "~/lib/country";
import { siteToday } from "~/lib/site-time";
import { latestMailAbout } from "~/features/outbox/outbox.server";
import { mailStateOf } from "~/features/outbox/mail-state";
import { inquiryMailAbout } from "./mail-queue.server";

/**
 * What the back office's inquiry page shows: the inquiry as the page words it (times, the state of its emails, its
 * reference, its first reply and follow-up at `now`), its lines, its notes and who it may be given to; null when it
 * is gone. The address hash stays here.
 */
export async function loadInquiryDetail(db: Db, id: string, now: number) {
  const inquiry = await findInquiry(db, id);
  if (!inquiry) return null;
  const about = inquiryMailAbout(inquiry.id);
  const [lines, notes, administrators, timeline, timeZone, sameBuyer, notifyMail, receiptMail] = await Promise.all([
    listInquiryLines(db, inquiry.id),
    listInquiryNotes(db, inquiry.id),
    listAdministrators(db),
    // Status and assignee changes and notes, with who and when: read from the activity log (ADR 0032).
    listActivityOf(db, "inquiry", inquiry.id),
    siteTimeZone(db),
    listFromSameBuyer(db, inquiry),
    latestMailAbout(db, about, "inquiry-notification"),
    latestMailAbout(db, about, "inquiry-receipt"),
  ]);
  // Its emails' newest outbox rows (ADR 0048); an inquiry from before them reads ADR 0011's columns.
  const legacy = (state: Parameters<typeof mailStateText>[0]) => ({
    ...mailStateText(state, timeZone),
    retrying: false,
  });
  const { ip_hash: _ipHash, assignee_name, assignee_email, ...shown } = inquiry;
  return {
    inquiry: {
      ...shown,
      received: formatInquiryTime(inquiry.created_at, timeZone),
      // The country's English name, and the buyer's own words where they wrote it otherwise (issue 41).
      country: countryAsWritten(inquiry.country_code, inquiry.country),
      // The reference the buyer's receipt and summary page give them.
      reference: inquiryReference(inquiry.id),
      notifyState: notifyMail
        ? mailStateOf(notifyMail, timeZone)
        : legacy({
            sentAt: inquiry.notified_at,
            error: inquiry.notify_error,
            dueAt: inquiry.notify_due_at,
            attempts: inquiry.notify_attempts,
          }),
      /** Whether the team's notification was ever accepted by the mail server. */
      notified: notifyMail ? !!notifyMail.sent_at : !!inquiry.notified_at,
      // A quote or sample request's receipt to the buyer: shown once there is something to say about it.
      receiptState:
        inquiry.kind === "contact"
          ? null
          : receiptMail
            ? mailStateOf(receiptMail, timeZone)
            : inquiry.receipt_sent_at || inquiry.receipt_error || inquiry.receipt_due_at
              ? legacy({
                  sentAt: inquiry.receipt_sent_at,
                  error: inquiry.receipt_error,
                  dueAt: inquiry.receipt_due_at,
                  attempts: inquiry.receipt_attempts,
                })
              : null,
      // A month not stored as YYYY-MM is shown as stored.
      deliveryMonth: deliveryMonthText(inquiry.delivery_month) ?? inquiry.delivery_month ?? "",
      // Speed to lead (issue 28): when the first reply is due, or when it was given.
      reply: {
        state: replyState(inquiry, now),
        due: formatInquiryTime(inquiry.reply_due_at, timeZone),
        given: formatInquiryTime(inquiry.first_reply_at, timeZone),
      },
      followUp: {
        day: inquiry.follow_up_at ?? "",
        due: inquiry.follow_up_at !== null && inquiry.follow_up_at <= siteToday(now, timeZone),
      },
      assignee: assignee_name || assignee_email || null,
    },
    lines,
    notes: notes.map((note) => ({ ...note, written: formatInquiryTime(note.created_at, timeZone) })),
    administrators,
    timeline: timeline.map(({ actor_name, actor_email, ...event }) => ({
      ...event,
      who: actor_name || actor_email || "System",
    })),
    replyHref: replyMailto(inquiry.email, inquiry.subject),
    sameBuyer: {
      total: sameBuyer.total,
      inquiries: sameBuyer.rows.map((row) => ({ ...row, received: formatInquiryTime(row.created_at, timeZone) })),
    },
  };
}

/** The page's data as `loadInquiryDetail` gives it: the components that show its parts take their props from it. */
export type InquiryDetailData = NonNullable<Awaited<ReturnType<typeof loadInquiryDetail>>>;

/** How many of the buyer's other inquiries the page lists; the count says how many there are. */
const SAME_BUYER_LISTED = 10;

/**
 * The buyer's other inquiries (issue 28, "Buyers"): the same email, or the same company however it was spelled
 * (`lib/buyer-keys.ts`), newest first.
 */
async function listFromSameBuyer(
  db: Db,
  inquiry: { id: string; email_key: string | null; company_key: string | null },
) {
  const { id, email_key: email, company_key: company } = inquiry;
  if (!email && !company) return { rows: [], total: 0 };
  const others = db
    .selectFrom("inquiries")
    .where("id", "!=", id)
    .where((eb) =>
      eb.or([...(email ? [eb("email_key", "=", email)] : []), ...(company ? [eb("company_key", "=", company)] : [])]),
    );
  const [rows, total] = await Promise.all([
    others
      .select(["id", "kind", "subject", "status", "full_name", "company", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(SAME_BUYER_LISTED)
      .execute(),
    others.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
