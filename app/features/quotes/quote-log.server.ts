import type { Db } from "~/db/database.server";
import type { Quote } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { recordActivity } from "~/features/history/record.server";

/**
 * One activity row about a quote: on its inquiry's timeline when it has one (issue 28: one timeline per inquiry),
 * else under the quote itself.
 */
export async function logQuote(
  db: Db,
  actor: Actor | null,
  quote: Pick<Quote, "id" | "number" | "revision" | "inquiry_id">,
  action: "quote-save" | "quote-send" | "quote-view" | "quote-accept" | "quote-decline" | "quote-changes",
  summary: string,
  extra: { details?: Record<string, unknown>; at?: string; ip?: string | null } = {},
) {
  await recordActivity(db, actor, {
    action,
    entity: quote.inquiry_id ? "inquiry" : "quote",
    entityId: quote.inquiry_id ?? quote.id,
    label: `${quote.number} v${quote.revision}`,
    summary,
    details: { quoteId: quote.id, ...extra.details },
    at: extra.at,
    ip: extra.ip,
  });
}
