import { randomBytes } from "node:crypto";
import { lineField } from "./quote-editor.schema";
import { siteOrigin, type AppConfig } from "~/config.server";
import { isPostgres } from "~/db/database.server";
import type { InquiryStatus } from "~/db/schema";
import { markFirstReply } from "~/features/inquiries/first-reply.server";
import { moveInquiry } from "~/features/inquiries/pipeline.server";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { enqueueMail, supersedePending } from "~/features/outbox/outbox.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { siteToday } from "~/lib/site-time";
import { logQuote } from "./quote-drafts.server";
import { deliverQuoteMail, quoteMailAbout, type QuoteServices } from "./quote-outbox.server";
import { findQuote, noRevisionAccepted } from "./quote-reads.server";
import { acceptedRevisionNotice } from "./quote-status";

/** What sending a quote revision came to: sent (and emailed, when mail is on), or refused with the reason. */
export type SendQuoteOutcome =
  | { ok: true; number: string; revision: number; link: string; emailed: boolean; emailError: string | null }
  | (Refusal & { status: number });

export type { QuoteServices };

/** `field`: the editor's field the refusal is shown beside (a line's by its position, as saved). */
const refused = (status: number, message: string, field?: string) =>
  ({ ok: false, status, title: "Quote Not Sent", message, field }) as const;

/** The buyer's address of a sent quote: `/quotes/{token}` on the site's public origin. */
export const quoteLink = (config: Pick<AppConfig, "publicUrl" | "port">, token: string) =>
  `${siteOrigin(config)}/quotes/${token}`;

/** A refusal found after the transaction wrote: thrown so that what it wrote is rolled back. */
class SendRefused extends Error {
  constructor(readonly refusal: ReturnType<typeof refused>) {
    super(refusal.message);
  }
}

/** Statuses of the inquiry a sent quote moves on to Quoted; a lead already won, lost or closed stays as it is. */
const MOVES_TO_QUOTED: ReadonlySet<InquiryStatus> = new Set(["new", "contacted"]);

/**
 * Sends a draft revision to its buyer (issue 28, ADR 0039). One transaction supersedes the revision sent before it,
 * freezes this one (status sent, its token, who and when) unless another revision of its number was accepted (one
 * deal is won once, issue 37), records the last-quoted price of each product at its Incoterm
 * and currency, moves the inquiry to Quoted, marks the first reply and logs it (Demand counts it from the quote itself, ADR 0056). The PDF and the
 * email follow the commit: a mail server that refuses leaves the quote sent, its link shown to the desk and the
 * email to be sent again ('Resend Email').
 */
export async function sendQuote(
  services: QuoteServices,
  actor: Actor,
  quoteId: string,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<SendQuoteOutcome> {
  const { db, config } = services;
  const at = new Date(now).toISOString();
  const today = siteToday(now, timeZone);
  const transaction = db.transaction().execute(async (trx) => {
    // On PostgreSQL the revision's row is locked before it is read (SQLite runs one transaction at a time): a save
    // under way ends first and what it wrote is what is sent; a save that comes later finds it sent (issue 38).
    if (isPostgres(trx)) await trx.selectFrom("quotes").select("id").where("id", "=", quoteId).forUpdate().execute();
    const found = await findQuote(trx, quoteId);
    if (!found) return refused(404, "The quote no longer exists.");
    const { quote, lines } = found;
    if (quote.status !== "draft") return refused(409, "This revision was already sent.");
    if (!lines.length) return refused(400, "Add at least one line before sending.", lineField("name", 0));
    const unpriced = lines.findIndex((line) => line.unit_price_minor <= 0);
    if (unpriced !== -1)
      return refused(400, `Line ${unpriced + 1}: give its unit price before sending.`, lineField("price", unpriced));
    if (quote.valid_until < today)
      return refused(400, "Valid Until is in the past: choose a later day.", "valid_until");
    // The revision it replaces can no longer be accepted: the buyer answers the newest. First, so that an acceptance
    // of it under way either ends before (and this send is refused below) or finds it superseded.
    await trx
      .updateTable("quotes")
      .set({ status: "superseded", updated_at: at })
      .where("number", "=", quote.number)
      .where("revision", "<", quote.revision)
      .where("status", "in", ["sent", "changes_requested"])
      .execute();
    const token = randomBytes(24).toString("base64url");
    const frozen = await trx
      .updateTable("quotes")
      .set({
        status: "sent",
        token,
        sent_at: at,
        sent_by_id: actor.id,
        sent_by_name: actor.fullName || actor.email,
        updated_at: at,
      })
      .where("id", "=", quote.id)
      .where("status", "=", "draft")
      .where(noRevisionAccepted(quote.number))
      .executeTakeFirst();
    if (Number(frozen.numUpdatedRows) !== 1) {
      const accepted = await trx
        .selectFrom("quotes")
        .select(["revision", "responded_at"])
        .where("number", "=", quote.number)
        .where("status", "=", "accepted")
        .executeTakeFirst();
      throw new SendRefused(
        accepted
          ? refused(409, acceptedRevisionNotice(accepted, timeZone))
          : refused(409, "This revision was already sent."),
      );
    }
    for (const line of lines) {
      if (!line.product_id) continue;
      const price = {
        unit: line.unit,
        unit_price_minor: line.unit_price_minor,
        quote_id: quote.id,
        quoted_at: at,
      };
      await trx
        .insertInto("product_quoted_prices")
        .values({ product_id: line.product_id, incoterm: quote.incoterm, currency: quote.currency, ...price })
        .onConflict((conflict) => conflict.columns(["product_id", "incoterm", "currency"]).doUpdateSet(price))
        .execute();
    }
    if (quote.inquiry_id) {
      const moved = await moveInquiry(trx, actor, quote.inquiry_id, "quoted", {
        at,
        when: (from) => MOVES_TO_QUOTED.has(from),
      });
      if (moved !== "missing") await markFirstReply(trx, quote.inquiry_id, at);
    }
    await logQuote(trx, actor, quote, "quote-send", `${quote.number} v${quote.revision} sent to ${quote.buyer_email}`, {
      at,
    });
    // Its email is written with it (ADR 0048): a process stopped after the commit leaves it due, not lost.
    const outboxId = teamMailConfigured(config)
      ? await enqueueMail(trx, { kind: "quote", about: quoteMailAbout(quote.id), recipient: quote.buyer_email }, now)
      : null;
    return { ok: true as const, quote: { ...quote, token, sent_at: at }, lines, outboxId };
  });
  const sent = await transaction.catch((error: unknown) => {
    if (error instanceof SendRefused) return error.refusal;
    throw error;
  });
  if (!sent.ok) return sent;
  const { quote, outboxId } = sent;
  const link = quoteLink(config, quote.token);
  // On the clock it was written with (a test's day): due at once on it.
  const mailed = outboxId
    ? await deliverQuoteMail(services, outboxId, () => now)
    : { emailed: false, emailError: null };
  return { ok: true, number: quote.number, revision: quote.revision, link, ...mailed };
}

/**
 * The quote's email, again (after a failure, or when the buyer lost it): a new message in the outbox for the same
 * frozen revision, tried at once. Only for a revision the buyer can still see (sent, answered); not for a draft.
 */
export async function resendQuoteEmail(
  services: QuoteServices,
  quoteId: string,
  now: number = Date.now(),
): Promise<{ ok: true; emailed: boolean; emailError: string | null; link: string } | (Refusal & { status: number })> {
  const found = await findQuote(services.db, quoteId);
  if (!found) return { ...refused(404, "The quote no longer exists."), title: "Email Not Sent" };
  const { quote } = found;
  if (!quote.token || quote.status === "draft")
    return { ...refused(409, "Only a sent quote can be emailed."), title: "Email Not Sent" };
  const link = quoteLink(services.config, quote.token);
  if (!teamMailConfigured(services.config)) return { ok: true, link, emailed: false, emailError: null };
  const about = quoteMailAbout(quote.id);
  // Earlier messages still waiting for a retry are superseded: the email goes once when the server is back.
  const outboxId = await services.db.transaction().execute(async (trx) => {
    await supersedePending(trx, about, "quote");
    return enqueueMail(trx, { kind: "quote", about, recipient: quote.buyer_email }, now);
  });
  return { ok: true, link, ...(await deliverQuoteMail(services, outboxId, () => now)) };
}
