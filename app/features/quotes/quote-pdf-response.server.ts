import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import type { Quote, QuoteLine } from "~/db/schema";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { siteToday } from "~/lib/site-time";
import type { Storage } from "~/lib/storage/storage.server";
import { quotePdfName } from "./quote-email.server";
import { makeQuotePdf } from "./quote-pdf.server";

/**
 * A quote's PDF as a download, for its buyer (through the link) or the desk (a draft's preview): made from the stored
 * revision each time (a sent one never changes), kept by no cache, never indexed. `now`: a draft carries today.
 */
export async function quotePdfResponse(
  services: { db: Db; storage: Storage; config: Pick<AppConfig, "publicUrl" | "port"> },
  quote: Quote,
  lines: QuoteLine[],
  now: number,
): Promise<Response> {
  const timeZone = await siteTimeZone(services.db);
  const issuedDay = siteToday(quote.sent_at ? Date.parse(quote.sent_at) : now, timeZone);
  const pdf = await makeQuotePdf(services, quote, lines, issuedDay);
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${quotePdfName(quote)}"`,
      "Content-Length": String(pdf.bytes.byteLength),
      ...PRIVATE_LINK_HEADERS,
    },
  });
}
