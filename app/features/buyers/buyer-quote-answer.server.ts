import type { Db } from "~/db/database.server";
import { answerQuote, type AnswerOutcome, type BuyerAnswer } from "~/features/quotes/buyer-response.server";
import { addressIn } from "./buyer-addresses.server";
import type { BuyerSession } from "./buyer-session.server";

/**
 * A signed-in buyer's answer to one of their quotes from /account (issue 45): the same answer as on the quote's own
 * page (`answerQuote`), once the quote is found among the buyer's. Another buyer's id, or a guessed one, is "gone".
 */
export async function answerBuyerQuote(
  db: Db,
  buyer: BuyerSession,
  input: { quoteId: string; answer: BuyerAnswer; note: string },
  options: Parameters<typeof answerQuote>[4],
): Promise<AnswerOutcome> {
  const quote = /^[A-Za-z0-9_-]{1,64}$/.test(input.quoteId)
    ? await db
        .selectFrom("quotes")
        .select("token")
        .where("id", "=", input.quoteId)
        .where(addressIn("buyer_email", buyer.emailKeys))
        .executeTakeFirst()
    : undefined;
  if (!quote?.token) return { ok: false, reason: "gone" };
  return answerQuote(db, quote.token, input.answer, input.note, options);
}
