import { z } from "zod";
import type { InquiryStatus } from "~/db/schema";
import { defineForm, firstError } from "~/lib/forms/submission";

/** Shared by the back office's pages and the server: the statuses an inquiry moves between, in order. */
export const INQUIRY_STATUSES = [
  "new",
  "contacted",
  "quoted",
  "won",
  "lost",
  "closed",
] as const satisfies readonly InquiryStatus[];

export const isInquiryStatus = (value: unknown): value is InquiryStatus =>
  INQUIRY_STATUSES.includes(value as InquiryStatus);

/** The detail page's status buttons: each sends one of the statuses ('Error Updating Status' when not). */
export const inquiryStatusForm = defineForm(
  z.object({ status: z.enum(INQUIRY_STATUSES, { error: "Choose new, contacted, quoted, won, lost or closed." }) }),
  (errors) => ({ title: "Error Updating Status", description: firstError(errors), variant: "destructive" }),
);

export const STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
  closed: "Closed",
};

/** Badge colours: new = amber (needs attention), in progress = blue, won = green, lost and closed = grey. */
export const STATUS_BADGE: Record<InquiryStatus, string> = {
  new: "bg-amber-100 text-amber-900",
  contacted: "bg-sky-100 text-sky-900",
  quoted: "bg-indigo-100 text-indigo-900",
  won: "bg-green-100 text-green-800",
  lost: "bg-rose-100 text-rose-800",
  closed: "bg-slate-200 text-slate-700",
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

// Times are shown in UTC so the server and the browser print the same text.
const dateTime = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  hour12: false,
});
export const formatInquiryTime = (iso: string | null) => (iso ? `${dateTime.format(new Date(iso))} UTC` : "");
