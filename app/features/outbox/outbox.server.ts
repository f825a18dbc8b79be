import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { OutboxTable } from "~/db/schema";
import { describeError } from "~/lib/mail/mail-error";
import { MAIL_MAX_ATTEMPTS } from "./mail-state";
import { log } from "~/lib/log.server";
import { newId } from "~/lib/time";

/** Anything a transaction can write through (the database or a transaction of it). */
type Writer = Pick<Db, "insertInto">;

export type OutboxKind = OutboxTable["kind"];
export type OutboxMessage = Pick<OutboxTable, "id" | "kind" | "about" | "recipient"> & {
  /** This try's number (1 for the first). */
  attempts: number | string;
  requested_by: string | null;
};
/** Sends one message: true when the mail server took it, false when mail is off; throws when refused. */
export type SendMessage = (message: OutboxMessage) => Promise<boolean>;

/** The wait after the n-th failed try (MAIL_MAX_ATTEMPTS in all, then failed; 'Send again' remains): 1 min, 5 min, 15 min, 1 h, 4 h (about five and a half hours in all). */
export const MAIL_BACKOFF_MS = [1, 5, 15, 60, 240].map((minutes) => minutes * 60_000);

/** Thrown by a sender for a message that must not be retried (the row is failed at once, with this reason). */
export class Undeliverable extends Error {}

/** How long a claimed try holds its row: longer than SMTP_TIMEOUTS allow one send to take. */
const CLAIM_MS = 2 * 60_000;
/** Writes of a sent message's outcome before giving up (a second apart). */
const RECORD_TRIES = 5;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes an email to send, inside the transaction of what it announces (ADR 0048): both are stored or neither.
 * Due at once; delivered after the commit.
 */
export async function enqueueMail(
  trx: Writer,
  message: { kind: OutboxKind; about: string; recipient: string; requested_by?: string | null },
  now: number,
): Promise<string> {
  const id = newId();
  await trx
    .insertInto("outbox")
    .values({ id, ...message, status: "pending", due_at: iso(now), created_at: iso(now) })
    .execute();
  return id;
}

/** Why a message waiting for its retry was not sent: a 'Send again' wrote a newer one. */
export const SUPERSEDED = "Replaced by 'Send again'";

/**
 * Before a 'Send again': earlier messages about the same item and of the same kind still waiting for a retry are
 * failed, so that once the mail server is back the email goes once, not once per message written. One being sent
 * at this moment (claimed) still records a success; its failure then leaves it failed (not retried).
 */
export async function supersedePending(
  trx: Pick<Db, "updateTable">,
  about: string,
  kind: OutboxKind,
  reason: string = SUPERSEDED,
) {
  await trx
    .updateTable("outbox")
    .set({ status: "failed", due_at: null, error: reason })
    .where("about", "=", about)
    .where("kind", "=", kind)
    .where("status", "=", "pending")
    .execute();
}

export type DeliveryOutcome = { sent: boolean; error: string | null; claimed: boolean };

/**
 * One try of a due message, if this process claims it (a conditioned UPDATE: of two instances only one wins).
 * A refusal is retried with back-off, MAIL_MAX_ATTEMPTS in all; a message the server took is never sent again.
 */
export async function deliverMessage(
  db: Db,
  id: string,
  send: SendMessage,
  clock: () => number = Date.now,
): Promise<DeliveryOutcome> {
  const now = clock();
  const claimed = await db
    .updateTable("outbox")
    .set({ due_at: iso(now + CLAIM_MS), attempts: sql<number>`attempts + 1` })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("due_at", "is not", null)
    .where("due_at", "<=", iso(now))
    .returning(["id", "kind", "about", "recipient", "attempts", "requested_by"])
    .executeTakeFirst();
  if (!claimed) return { sent: false, error: null, claimed: false };
  let sent: boolean;
  try {
    sent = await send(claimed);
  } catch (error) {
    const message = describeError(error);
    const attempt = Number(claimed.attempts);
    const last = attempt >= MAIL_MAX_ATTEMPTS || error instanceof Undeliverable;
    log.error(`[outbox] ${claimed.kind} email ${id} (${claimed.about}) failed (try ${attempt}): ${message}`);
    await db
      .updateTable("outbox")
      .set({
        error: message,
        status: last ? "failed" : "pending",
        due_at: last ? null : iso(clock() + MAIL_BACKOFF_MS[Math.min(attempt, MAIL_BACKOFF_MS.length) - 1]),
      })
      .where("id", "=", id)
      // Not a message superseded by 'Send again' meanwhile: it stays failed.
      .where("status", "=", "pending")
      .execute()
      .catch((e: Error) => log.error(`[outbox] could not record the failure of ${id}: ${e.message}`));
    return { sent: false, error: message, claimed: true };
  }
  // The server took it: a bookkeeping write that fails now must not make it a failed send (sent twice).
  for (let tries = 1; ; tries++) {
    try {
      await db
        .updateTable("outbox")
        .set({ status: "sent", due_at: null, error: null, sent_at: sent ? iso(clock()) : null })
        .where("id", "=", id)
        .execute();
      break;
    } catch (error) {
      if (tries >= RECORD_TRIES) {
        log.error(`[outbox] email ${id} was sent but could not be recorded`, error);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return { sent, error: null, claimed: true };
}

// The server (server/serve.ts) and the route modules (bundled by the build) are two module copies: one registry
// holds the first tries under way, for a graceful stop to wait for them (a stop that exits mid-send sends it twice).
const IN_FLIGHT = Symbol.for("agro-export.mail-in-flight");
const registry = globalThis as unknown as Record<symbol, Set<Promise<void>>>;
const inFlight = (registry[IN_FLIGHT] ??= new Set());

/**
 * After the answer has gone: the first try of each message, without holding up the request. A graceful stop waits
 * for it (`mailInFlightSettled`).
 */
export function deliverInBackground(db: Db, ids: string[], send: SendMessage, clock: () => number = Date.now): void {
  if (!ids.length) return;
  const delivery: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => {
      for (const id of ids) await deliverMessage(db, id, send, clock);
    })
    .catch((error: Error) => log.error(`[outbox] mail ${ids.join(", ")} failed`, error))
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
  if (inFlight.size) log.warn(`[outbox] stopping with ${inFlight.size} email(s) still being sent`);
}

/** Every message due now (a first try a stopped process never made, a retry after back-off); how many went. */
export async function deliverDueMessages(
  db: Db,
  send: SendMessage,
  clock: () => number = Date.now,
  keepGoing: () => boolean = () => true,
): Promise<number> {
  const due = await db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("due_at", "is not", null)
    .where("due_at", "<=", iso(clock()))
    .orderBy("due_at")
    .limit(50)
    .execute();
  let sent = 0;
  for (const { id } of due) {
    if (!keepGoing()) break;
    if ((await deliverMessage(db, id, send, clock)).sent) sent++;
  }
  return sent;
}

/** The newest email about an item (`quote:<id>`), of one kind when given, for its page: sent, retrying or failed. */
export const latestMailAbout = (db: Db, about: string, kind?: OutboxKind) =>
  db
    .selectFrom("outbox")
    .select(["id", "kind", "status", "attempts", "due_at", "sent_at", "error"])
    .where("about", "=", about)
    .$if(kind !== undefined, (q) => q.where("kind", "=", kind!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
