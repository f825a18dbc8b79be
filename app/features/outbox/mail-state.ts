import type { OutboxTable } from "~/db/schema";
import { formatSiteTime } from "~/lib/site-time";

/** Tries an email gets (retried with back-off), then it is failed; 'Send again' remains. */
export const MAIL_MAX_ATTEMPTS = 6;

/** An outbox row as its item's page reads it. */
export type OutboxRow = Pick<OutboxTable, "status" | "due_at" | "sent_at" | "error"> & { attempts: number | string };

export type MailStateText = { text: string; failed: boolean; retrying: boolean };

/**
 * How an email went, for the page of what it announces (ADR 0048): 'Sent <time>.', 'Retrying (attempt N, next try
 * <time>).' (N: the coming try), 'Failed: <error>', or 'Not sent yet.' while its first try is due or under way.
 */
export function mailStateOf(row: OutboxRow, timeZone: string): MailStateText {
  const at = (iso: string | null) => formatSiteTime(iso, timeZone);
  const attempts = Number(row.attempts);
  if (row.status === "sent")
    return row.sent_at
      ? { text: `Sent ${at(row.sent_at)}.`, failed: false, retrying: false }
      : { text: "Not sent: email was off, or the item was gone.", failed: false, retrying: false };
  if (row.status === "failed")
    return { text: `Failed: ${sentence(row.error ?? "unknown error")}`, failed: true, retrying: false };
  if (row.error && row.due_at)
    return {
      text: `Retrying (attempt ${attempts + 1}, next try ${at(row.due_at)}): ${sentence(row.error)}`,
      failed: false,
      retrying: true,
    };
  return { text: "Not sent yet.", failed: false, retrying: false };
}

const sentence = (text: string) => `${text}${/[.!?]$/.test(text) ? "" : "."}`;
