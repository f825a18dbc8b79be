import { sql } from "kysely";
import { startBackgroundTask, type BackgroundTask } from "~/lib/background-task.server";
import type { Db } from "~/db/database.server";
import { log } from "~/lib/log.server";
import { mailboxKey } from "~/lib/mailbox";
import { MAIL_MAX_ATTEMPTS } from "./inquiries.schema";
import { countInWindow, installationHmac } from "~/features/abuse/hmac-and-rate-limit.server";
import {
  describeError,
  notificationsEnabled,
  sendQuoteReceipt,
  sendTeamNotification,
  type MailConfig,
} from "./mailer.server";
import { findStoredInquiry, type StoredInquiry } from "./pipeline.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";

/** The stored inquiry, read at most once however many of its emails are sent (on the first that needs it). */
type ReadOnce = () => Promise<StoredInquiry | null>;

const readOnce = (db: Db, id: string): ReadOnce => {
  let read: Promise<StoredInquiry | null> | undefined;
  return () => (read ??= findStoredInquiry(db, id));
};

/**
 * The emails an inquiry sends, each retried from the database with back-off (ADR 0011): any instance may send a
 * due one, and one that claims it first (an atomic UPDATE … WHERE due) is the only one that does.
 */
export type MailKind = "notify" | "receipt";

const COLUMNS = {
  notify: { due: "notify_due_at", attempts: "notify_attempts", sent: "notified_at", error: "notify_error" },
  receipt: { due: "receipt_due_at", attempts: "receipt_attempts", sent: "receipt_sent_at", error: "receipt_error" },
} as const;

/** The wait after the n-th failed try (MAIL_MAX_ATTEMPTS in all, then given up; the team can still resend): 1 min, 5 min, 15 min, 1 h, 4 h (about five and a half hours in all). */
export const MAIL_BACKOFF_MS = [1, 5, 15, 60, 240].map((minutes) => minutes * 60_000);
/** How long a claimed try holds its row: longer than SMTP_TIMEOUTS allow one send to take. */
const CLAIM_MS = 2 * 60_000;
/** How often each instance looks for due emails. */
export const MAIL_TIMER_MS = 30_000;
/** Due emails one run takes on per kind; the rest wait for the next run. */
const BATCH = 50;
/** Writes of a sent email's outcome before giving up (a second apart). */
const RECORD_TRIES = 5;

/**
 * Receipts per recipient address and day, across all senders: whoever fills the quote form chooses where the
 * receipt goes, so an address gets at most this many from us a day. Over it the request is kept and the team
 * notified as usual; only the receipt is not sent (and the inquiry says why).
 */
export const RECEIPTS_PER_RECIPIENT = 3;
export const RECEIPT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RECEIPT_LIMIT_REASON = `${RECEIPTS_PER_RECIPIENT} receipts already went to this address today`;

const iso = (ms: number) => new Date(ms).toISOString();

/** Claims the due email of one inquiry: the try's number, or null when it is not due or another process has it. */
async function claim(db: Db, kind: MailKind, id: string, now: number): Promise<number | null> {
  const c = COLUMNS[kind];
  const row = await db
    .updateTable("inquiries")
    .set({ [c.due]: iso(now + CLAIM_MS), [c.attempts]: sql<number>`${sql.ref(c.attempts)} + 1` } as never)
    .where("id", "=", id)
    .where(c.due, "is not", null)
    .where(c.due, "<=", iso(now))
    .returning(c.attempts)
    .executeTakeFirst();
  return row ? Number((row as Record<string, unknown>)[c.attempts]) : null;
}

const record = (db: Db, id: string, values: Record<string, string | null>) =>
  db
    .updateTable("inquiries")
    .set(values as never)
    .where("id", "=", id)
    .execute();

/**
 * False when this receipt's mailbox is over RECEIPTS_PER_RECIPIENT today (counted once per receipt): by mailbox, not
 * spelling, so `Victim@`, `victim+1@` and Gmail's `v.ictim@` share one count.
 */
async function withinRecipientLimit(db: Db, stored: StoredInquiry | null, now: number): Promise<boolean> {
  if (!stored) return true;
  const key = `receipt:${await installationHmac(db, `receipt:${mailboxKey(stored.inquiry.email)}`)}`;
  const counted = await countInWindow(db, key, { limit: RECEIPTS_PER_RECIPIENT, windowMs: RECEIPT_WINDOW_MS }, now);
  return counted.allowed;
}

/** Sends one inquiry's email of `kind` if it is due and this process wins the claim; records the outcome. */
async function deliver(db: Db, config: MailConfig, kind: MailKind, id: string, clock: () => number, read: ReadOnce) {
  const now = clock();
  const attempt = await claim(db, kind, id, now);
  if (attempt === null) return false;
  const c = COLUMNS[kind];
  let sent: boolean;
  try {
    if (kind === "receipt" && attempt === 1 && !(await withinRecipientLimit(db, await read(), now))) {
      log.warn(`[inquiries] receipt for ${id} not sent: ${RECEIPT_LIMIT_REASON}`);
      await record(db, id, { [c.due]: null, [c.error]: RECEIPT_LIMIT_REASON });
      return false;
    }
    sent =
      kind === "notify"
        ? await sendTeamNotification(config, await read(), await siteTimeZone(db))
        : await sendQuoteReceipt(db, config, await read());
  } catch (error) {
    await recordFailure(db, kind, id, attempt, describeError(error), clock);
    return false;
  }
  // The server took it: a bookkeeping write that fails now is not a failed send, or the email would go twice.
  await recordSent(db, kind, id, sent, clock);
  return sent;
}

async function recordFailure(
  db: Db,
  kind: MailKind,
  id: string,
  attempt: number,
  message: string,
  clock: () => number,
) {
  const c = COLUMNS[kind];
  const last = attempt >= MAIL_MAX_ATTEMPTS;
  log.error(
    `[inquiries] ${kind === "notify" ? "notification" : "receipt"} for ${id} failed (try ${attempt}): ${message}`,
  );
  await record(db, id, {
    [c.error]: message,
    [c.due]: last ? null : iso(clock() + MAIL_BACKOFF_MS[Math.min(attempt, MAIL_BACKOFF_MS.length) - 1]),
  }).catch((e: Error) => log.error(`[inquiries] could not record the failure for ${id}: ${e.message}`));
}

/** Records a sent email, tried again for a few seconds: until it is written, the claim's end would send it again. */
async function recordSent(db: Db, kind: MailKind, id: string, sent: boolean, clock: () => number) {
  const c = COLUMNS[kind];
  for (let tries = 1; ; tries++) {
    try {
      await record(db, id, { [c.due]: null, [c.error]: null, ...(sent ? { [c.sent]: iso(clock()) } : {}) });
      return;
    } catch (error) {
      if (tries >= RECORD_TRIES) {
        log.error(`[inquiries] ${kind} for ${id} was sent but could not be recorded`, error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Both emails of one inquiry, when due: right after it is stored. Both are made from one read of it. */
export async function deliverInquiryMail(db: Db, config: MailConfig, id: string, clock: () => number = Date.now) {
  if (!notificationsEnabled(config)) return;
  const read = readOnce(db, id);
  await deliver(db, config, "notify", id, clock, read);
  await deliver(db, config, "receipt", id, clock, read);
}

// The server (server/main.ts) and the route modules (bundled by the build) are two module copies: one registry
// holds the first tries under way, for a graceful stop to wait for them (a stop that exits mid-send sends it twice).
const IN_FLIGHT = Symbol.for("agro-export.mail-in-flight");
const registry = globalThis as unknown as Record<symbol, Set<Promise<void>>>;
const inFlight = (registry[IN_FLIGHT] ??= new Set());

/** After the buyer has had the answer: the first try goes out without holding up the request. */
export function deliverInBackground(db: Db, config: MailConfig, id: string, clock: () => number = Date.now): void {
  if (!notificationsEnabled(config)) return;
  const delivery: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => deliverInquiryMail(db, config, id, clock))
    .catch((error: Error) => log.error(`[inquiries] mail for ${id} failed`, error))
    .finally(() => inFlight.delete(delivery));
  inFlight.add(delivery);
}

/** Resolves once every first try under way has ended (those started meanwhile too), or at `deadline` at the latest. */
export async function mailInFlightSettled(deadline: number): Promise<void> {
  while (inFlight.size && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(inFlight),
      new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now()))),
    ]).finally(() => clearTimeout(timer));
  }
  if (inFlight.size) log.warn(`[inquiries] stopping with ${inFlight.size} email(s) still being sent`);
}

/** Every email due now (a first try a stopped process never made, a retry after back-off). Returns how many went. */
export async function deliverDueMail(
  db: Db,
  config: MailConfig,
  clock: () => number = Date.now,
  keepGoing: () => boolean = () => true,
): Promise<number> {
  if (!notificationsEnabled(config)) return 0;
  let sent = 0;
  for (const kind of ["notify", "receipt"] as const) {
    const c = COLUMNS[kind];
    const due = await db
      .selectFrom("inquiries")
      .select("id")
      .where(c.due, "is not", null)
      .where(c.due, "<=", iso(clock()))
      .orderBy(c.due)
      .limit(BATCH)
      .execute();
    for (const { id } of due) {
      if (!keepGoing()) return sent;
      if (await deliver(db, config, kind, id, clock, readOnce(db, id))) sent++;
    }
  }
  return sent;
}

export type MailTimer = BackgroundTask;

/** The process's mail timer (server/main.ts): runs the due sends every MAIL_TIMER_MS, one run at a time. */
export function startMailTimer(
  db: Db,
  config: MailConfig,
  options: { clock?: () => number; intervalMs?: number } = {},
): MailTimer {
  return startBackgroundTask(
    "[inquiries] mail timer",
    (keepGoing) => deliverDueMail(db, config, options.clock, keepGoing),
    { intervalMs: options.intervalMs ?? MAIL_TIMER_MS },
  );
}
