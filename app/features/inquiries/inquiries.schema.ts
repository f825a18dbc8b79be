import { z } from "zod";
import type { InquiryKind, InquiryStatus } from "~/db/schema";
import { defineForm, firstError, text } from "~/lib/forms/submission";
import { formatSiteTime } from "~/lib/site-time";

/** Shared by the back office's pages and the server: the statuses an inquiry moves between, in order. */
export const INQUIRY_STATUSES = [
  "new",
  "contacted",
  "quoted",
  "won",
  "lost",
  "closed",
  "spam",
] as const satisfies readonly InquiryStatus[];

export const isInquiryStatus = (value: unknown): value is InquiryStatus =>
  INQUIRY_STATUSES.includes(value as InquiryStatus);

/** The detail page's status buttons: each sends one of the statuses ('Error Updating Status' when not). */
export const inquiryStatusForm = defineForm(
  z.object({
    status: z.enum(INQUIRY_STATUSES, { error: "Choose new, contacted, quoted, won, lost, closed or spam." }),
  }),
  (errors) => ({ title: "Error Updating Status", description: firstError(errors), variant: "destructive" }),
);

/**
 * The moves the detail page offers from each status: forward through the pipeline, and back to 'new' (Reopen) from
 * an end. The action accepts any status, so an administrator can still correct a slip from any state.
 */
export const PIPELINE_MOVES: Record<InquiryStatus, readonly InquiryStatus[]> = {
  new: ["contacted", "quoted", "lost", "closed", "spam"],
  contacted: ["quoted", "won", "lost", "closed", "spam"],
  quoted: ["won", "lost", "contacted", "closed"],
  won: ["closed", "new"],
  lost: ["new", "closed"],
  closed: ["new"],
  spam: ["new"],
};

/** The button for a move: 'Close', 'Reopen' (back to new) or 'Mark as {Label}'. */
export function moveLabel(status: InquiryStatus): string {
  if (status === "closed") return "Close";
  if (status === "new") return "Reopen";
  return `Mark as ${STATUS_LABELS[status]}`;
}

export const NOTE_MAX = 5000;

/** The detail page's internal note: stored with its author and time, never shown publicly or emailed. */
export const inquiryNoteForm = defineForm(z.object({ body: text.required("Note", NOTE_MAX) }), (errors) => ({
  title: "Error Adding Note",
  description: firstError(errors),
  variant: "destructive",
}));

/** The detail page's assignee select: an administrator's id, or empty for 'Unassigned'. */
export const inquiryAssigneeForm = defineForm(
  z.object({
    assignee_id: z
      .string()
      .trim()
      .max(64, "Choose an administrator from the list.")
      .optional()
      .transform((v) => v || null),
  }),
  (errors) => ({ title: "Error Assigning Inquiry", description: firstError(errors), variant: "destructive" }),
);

/** The detail page's follow-up date (a day in the site's time zone), or empty to clear it. */
export const inquiryFollowUpForm = defineForm(
  z.object({
    follow_up: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Choose a date, like 2026-12-03.")
      .optional()
      .transform((v) => v || null),
  }),
  (errors) => ({ title: "Error Setting Follow-up", description: firstError(errors), variant: "destructive" }),
);

/** 'none' in the list's URL: inquiries nobody is assigned to. */
export const UNASSIGNED = "none";

/** The quote requests the dashboard counts as open, per status. */
export const OPEN_QUOTE_STATUSES = ["new", "contacted", "quoted"] as const satisfies readonly InquiryStatus[];

export const KIND_LABELS: Record<InquiryKind, string> = {
  contact: "Message",
  quote: "Quote request",
  sample: "Sample request",
};

export const STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
  closed: "Closed",
  spam: "Spam",
};

/** Badge colours: new = amber (needs attention), in progress = blue, won = green, lost and closed = grey. */
export const STATUS_BADGE: Record<InquiryStatus, string> = {
  new: "bg-amber-100 text-amber-900",
  contacted: "bg-sky-100 text-sky-900",
  quoted: "bg-indigo-100 text-indigo-900",
  won: "bg-green-100 text-green-800",
  lost: "bg-rose-100 text-rose-800",
  closed: "bg-slate-200 text-slate-700",
  spam: "bg-slate-100 text-slate-600 line-through",
};

/**
 * The reply link: mailto:{email}?subject=Re: {subject}, every part percent-encoded (RFC 6068), so a subject with
 * '&', '#', '?' or '%' stays the subject and adds no other header.
 */
export function replyMailto(email: string, subject: string): string {
  const address = encodeURIComponent(email).replace(/%40/g, "@");
  const reSubject = /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
  return `mailto:${address}?subject=${encodeURIComponent(reSubject)}`;
}

/**
 * A moment of an inquiry as the back office shows it: in the site's time zone, named ("25 Nov 2026, 15:35
 * GMT+5:30"), formatted on the server so the server and the browser print the same text (ADR 0035).
 */
export const formatInquiryTime = (iso: string | null, timeZone: string) => formatSiteTime(iso, timeZone);

/** Tries an email gets (retried with back-off from the outbox, ADR 0048), then it is failed. */
import { MAIL_MAX_ATTEMPTS } from "~/features/outbox/mail-state";
export { MAIL_MAX_ATTEMPTS };

interface MailState {
  sentAt: string | null;
  error: string | null;
  dueAt: string | null;
  attempts: number;
}

/**
 * What the back office says about one email of an inquiry: 'Sent …', 'Not sent: … Retrying at …', 'Not sent: …
 * Gave up after 6 tries.', or 'Not sent yet.' (a first try not made, or running).
 */
export function mailStateText(
  { sentAt, error, dueAt, attempts }: MailState,
  timeZone: string,
): { text: string; failed: boolean } {
  if (sentAt) return { text: `Sent ${formatInquiryTime(sentAt, timeZone)}.`, failed: false };
  if (!error) return { text: "Not sent yet.", failed: false };
  const next = dueAt
    ? ` Retrying at ${formatInquiryTime(dueAt, timeZone)}.`
    : attempts >= MAIL_MAX_ATTEMPTS
      ? ` Gave up after ${attempts} tries.`
      : "";
  return { text: `Not sent: ${error}${/[.!?]$/.test(error) ? "" : "."}${next}`, failed: true };
}

/**
 * The hidden field a person never sees or fills (visually hidden, out of the tab order, no autofill); a robot
 * filling every field fills it too, and is answered like a buyer while nothing is kept (ADR 0011).
 */
export const HONEYPOT_FIELD = "website";
