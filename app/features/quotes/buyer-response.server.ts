import { isLinkToken } from "~/lib/web/private-link";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import type { Db } from "~/db/database.server";
import type { Quote } from "~/db/schema";
import { moveInquiry } from "~/features/inquiries/pipeline.server";
import { deliverInBackground, enqueueMail, Undeliverable, type OutboxMessage } from "~/features/outbox/outbox.server";
import { sendMail, siteSender, teamMailConfigured, type MailConfig } from "~/lib/mail/mail.server";
import { siteToday } from "~/lib/site-time";
import { logQuote } from "./quote-drafts.server";
import { quoteMailAbout } from "./quote-outbox.server";
import { listQuoteLines, noRevisionAccepted } from "./quote-reads.server";

/** What the buyer may answer on the quote page. */
export type BuyerAnswer = "accept" | "decline" | "changes";
export const RESPONSE_NOTE_MAX = 2000;

/**
 * Where the quote stands for its buyer at `today` (site time zone). `closed`: another revision of it was accepted,
 * so this one takes no answer (one deal is won once).
 */
export type BuyerQuoteState =
  "open" | "expired" | "accepted" | "declined" | "changes_requested" | "superseded" | "closed";

export function buyerQuoteState(
  quote: Pick<Quote, "status" | "valid_until">,
  today: string,
  acceptedRevision: number | null = null,
): BuyerQuoteState {
  if (quote.status === "sent" && acceptedRevision !== null) return "closed";
  if (quote.status === "sent") return quote.valid_until < today ? "expired" : "open";
  if (quote.status === "draft") return "superseded"; // never reached: a draft has no token
  return quote.status;
}

/**
 * The sent quote behind a token, with its lines and the number of another revision of it the buyer accepted (or
 * null), or null (an unknown or malformed token; a draft has none).
 */
export async function findQuoteByToken(db: Db, token: string) {
  if (!isLinkToken(token)) return null;
  const quote = await db.selectFrom("quotes").selectAll().where("token", "=", token).executeTakeFirst();
  if (!quote || quote.status === "draft") return null;
  const [lines, accepted] = await Promise.all([
    listQuoteLines(db, quote.id),
    db
      .selectFrom("quotes")
      .select("revision")
      .where("number", "=", quote.number)
      .where("id", "!=", quote.id)
      .where("status", "=", "accepted")
      .executeTakeFirst(),
  ]);
  return { quote, lines, acceptedRevision: accepted?.revision ?? null };
}

/**
 * The buyer opened the quote: the first time is recorded (`viewed_at`, and a line on the inquiry's timeline); later
 * views change nothing, so reloading writes nothing.
 */
export async function recordQuoteView(
  db: Db,
  quote: Pick<Quote, "id" | "number" | "revision" | "inquiry_id" | "viewed_at">,
  now: number,
) {
  if (quote.viewed_at) return;
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("quotes")
      .set({ viewed_at: at })
      .where("id", "=", quote.id)
      .where("viewed_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1)
      await logQuote(trx, null, quote, "quote-view", `${quote.number} v${quote.revision} opened by the buyer`, { at });
  });
}

export type AnswerOutcome =
  | { ok: true; state: BuyerQuoteState; quote: Quote; outboxId: string | null }
  | { ok: false; reason: "gone" | "expired" | "answered" | "note-required" | "note-too-long" };

/**
 * The buyer's answer, once per revision: Accept (only while valid), Decline with an optional reason, or Ask for
 * Changes with what to change. Records the time and the address (as the throttles key it); acceptance moves the
 * inquiry to Won and counts as won demand. One transaction, the team's email written in it (`teamTo`, when team
 * mail is on) and tried after it (`notifyTeamOfAnswer`).
 */
export async function answerQuote(
  db: Db,
  token: string,
  answer: BuyerAnswer,
  note: string,
  { ip, now, timeZone, teamTo }: { ip: string; now: number; timeZone: string; teamTo: string | null },
): Promise<AnswerOutcome> {
  const text = note.trim();
  if (answer === "changes" && !text) return { ok: false, reason: "note-required" };
  if (text.length > RESPONSE_NOTE_MAX) return { ok: false, reason: "note-too-long" };
  if (!isLinkToken(token)) return { ok: false, reason: "gone" };
  const at = new Date(now).toISOString();
  const today = siteToday(now, timeZone);
  return db.transaction().execute(async (trx) => {
    const quote = await trx.selectFrom("quotes").selectAll().where("token", "=", token).executeTakeFirst();
    if (!quote || quote.status === "draft") return { ok: false, reason: "gone" } as const;
    if (quote.status !== "sent") return { ok: false, reason: "answered" } as const;
    if (answer === "accept" && quote.valid_until < today) return { ok: false, reason: "expired" } as const;
    const status = answer === "accept" ? "accepted" : answer === "decline" ? "declined" : "changes_requested";
    // Conditioned in the database: a revision of a deal already won (another revision accepted) takes no answer,
    // so one deal is won, and counted in Demand, once.
    const updated = await trx
      .updateTable("quotes")
      .set({ status, responded_at: at, response_note: text || null, response_ip: ip, updated_at: at })
      .where("id", "=", quote.id)
      .where("status", "=", "sent")
      .where(noRevisionAccepted(quote.number))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "answered" } as const;
    const said = text ? `: “${text.length > 200 ? `${text.slice(0, 200)}…` : text}”` : "";
    const action = answer === "accept" ? "quote-accept" : answer === "decline" ? "quote-decline" : "quote-changes";
    const verb = answer === "accept" ? "accepted" : answer === "decline" ? "declined" : "changes asked";
    await logQuote(trx, null, quote, action, `${quote.number} v${quote.revision} ${verb} by the buyer${said}`, {
      at,
      ip,
      details: { note: text || null },
    });
    if (answer === "accept") {
      if (quote.inquiry_id)
        await moveInquiry(trx, null, quote.inquiry_id, "won", {
          at,
          ip,
          reason: `(quote ${quote.number} accepted)`,
          when: (from) => from !== "won",
        });
    }
    const outboxId = teamTo
      ? await enqueueMail(trx, { kind: "quote-answer", about: quoteMailAbout(quote.id), recipient: teamTo }, now)
      : null;
    const answered = { ...quote, status, responded_at: at, response_note: text || null } as Quote;
    return { ok: true, state: buyerQuoteState(answered, today), quote: answered, outboxId } as const;
  });
}

/**
 * The team's email about the buyer's answer (INQUIRY_NOTIFY_TO), from the outbox (written with the answer, ADR
 * 0048): who answered what, their note, a link to the quote in the back office. Made from the stored quote as it
 * goes. Throws when the mail server refuses it; false when team mail is off.
 */
export const sendQuoteAnswerMessage =
  (db: Db, config: MailConfig) =>
  async (message: OutboxMessage): Promise<boolean> => {
    if (!teamMailConfigured(config)) return false;
    const quote = await db
      .selectFrom("quotes")
      .selectAll()
      .where("id", "=", message.about.replace(/^quote:/, ""))
      .executeTakeFirst();
    if (!quote || !ANSWERED.includes(quote.status)) throw new Undeliverable("The quote no longer has an answer.");
    const verb =
      quote.status === "accepted" ? "accepted" : quote.status === "declined" ? "declined" : "asked for changes to";
    const where = config.publicUrl ? `${config.publicUrl}/admin/quotes/${quote.id}` : `/admin/quotes/${quote.id}`;
    await sendMail(config, {
      from: siteSender(config, COMPANY_NAME),
      to: config.inquiryNotifyTo!,
      subject: `${quote.buyer_name} ${verb} quote ${quote.number} v${quote.revision}`,
      text: [
        `${quote.buyer_name}${quote.buyer_company ? ` (${quote.buyer_company})` : ""} ${verb} quote ${quote.number} v${quote.revision}.`,
        ...(quote.response_note ? ["", "What they wrote:", quote.response_note] : []),
        "",
        `Open it in the back office: ${where}`,
      ].join("\n"),
    });
    return true;
  };

const ANSWERED: readonly string[] = ["accepted", "declined", "changes_requested"];

/** After the buyer has had the answer: the team's email's first try (later ones are the outbox timer's). */
export const notifyTeamOfAnswer = (db: Db, config: MailConfig, outboxId: string | null, clock: () => number) => {
  if (outboxId) deliverInBackground(db, [outboxId], sendQuoteAnswerMessage(db, config), clock);
};
