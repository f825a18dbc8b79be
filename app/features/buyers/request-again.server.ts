import type { Db } from "~/db/database.server";
import { INCOTERMS, QUANTITY_UNITS } from "~/features/catalogue/trade-terms/vocabulary";
import { QUOTE_PAGE } from "~/features/request-quote/paths";
import { countryCodeOf } from "~/lib/country";
import { localePath, type Language } from "~/lib/i18n/languages";
import { addressIn } from "./buyer-addresses.server";
import { buyerOfRequest, type BuyerSession } from "./buyer-session.server";
import { lineField } from "~/features/request-quote/line-fields";

// 'Request Again' (issue 45): a new quote request pre-filled from one of the buyer's earlier quotes or orders. The
// request page reads `?again=quote-<id>` or `order-<id>` only for a signed-in buyer it belongs to; for anyone else
// it is an empty request page, as if the parameter were not there.

export type AgainKind = "quote" | "order";

export const againHref = (lang: Language, kind: AgainKind, id: string) =>
  `${localePath(lang, QUOTE_PAGE)}?again=${kind}-${encodeURIComponent(id)}`;

export interface AgainLine {
  quantity: string;
  unit: string;
  grade: string | null;
  packaging: string | null;
}

export interface RequestAgain {
  /** The products asked for again, in the earlier order (a product since deleted is left out). */
  productIds: string[];
  lines: Map<string, AgainLine>;
  details: Record<string, string>;
}

/** What a quote and an order both hold of the deal, the same columns in each. */
const DEAL_COLUMNS = [
  "id",
  "inquiry_id",
  "buyer_name",
  "buyer_email",
  "buyer_company",
  "buyer_country",
  "incoterm",
  "named_port",
] as const;

/** Incoterms whose named place is the buyer's port (the C and D terms): the request's destination port. */
const NAMES_DESTINATION = new Set(["CFR", "CIF", "CPT", "CIP", "DAP", "DPU", "DDP"]);

/** The earlier quote or order behind `again`, when it is this buyer's; undefined otherwise. */
export async function requestAgain(
  db: Db,
  buyer: BuyerSession,
  again: string | null,
): Promise<RequestAgain | undefined> {
  const match = again && /^(quote|order)-([A-Za-z0-9_-]{1,64})$/.exec(again);
  if (!match) return undefined;
  const [, kind, id] = match;
  const deal =
    kind === "quote"
      ? await db
          .selectFrom("quotes")
          .select(DEAL_COLUMNS)
          .where("id", "=", id)
          .where("token", "is not", null)
          .where(addressIn("buyer_email", buyer.emailKeys))
          .executeTakeFirst()
      : await db
          .selectFrom("orders")
          .select(DEAL_COLUMNS)
          .where("id", "=", id)
          .where(addressIn("buyer_email", buyer.emailKeys))
          .executeTakeFirst();
  if (!deal) return undefined;
  const lines = await db
    .selectFrom(kind === "quote" ? "quote_lines" : "order_lines")
    .select(["product_id", "quantity", "unit", "grade", "packaging"])
    .where(kind === "quote" ? "quote_id" : "order_id", "=", deal.id)
    .orderBy("position")
    .execute();
  const inquiry = deal.inquiry_id
    ? await db
        .selectFrom("inquiries")
        .select(["phone", "country_code", "destination_port"])
        .where("id", "=", deal.inquiry_id)
        .executeTakeFirst()
    : undefined;
  const byProduct = new Map<string, AgainLine>();
  for (const line of lines) {
    if (!line.product_id || byProduct.has(line.product_id)) continue;
    byProduct.set(line.product_id, {
      quantity: /^\d+(\.\d+)?$/.test(line.quantity) ? line.quantity : "",
      unit: (QUANTITY_UNITS as readonly string[]).includes(line.unit) ? line.unit : "",
      grade: line.grade,
      packaging: line.packaging,
    });
  }
  const incoterm = (INCOTERMS as readonly string[]).includes(deal.incoterm) ? deal.incoterm : "";
  const port = NAMES_DESTINATION.has(incoterm) ? deal.named_port : (inquiry?.destination_port ?? "");
  return {
    productIds: [...byProduct.keys()],
    lines: byProduct,
    details: {
      company: deal.buyer_company ?? "",
      full_name: deal.buyer_name,
      email: deal.buyer_email,
      phone: inquiry?.phone ?? "",
      country: inquiry?.country_code || (deal.buyer_country && countryCodeOf(deal.buyer_country)) || "",
      destination_port: port ?? "",
      incoterm,
    },
  };
}

/** The earlier deal a signed-in buyer's `?again=` names on the request page, or undefined for anyone else. */
export async function requestAgainOf(db: Db, request: Request, now: number): Promise<RequestAgain | undefined> {
  const again = new URL(request.url).searchParams.get("again");
  if (!again) return undefined;
  const buyer = await buyerOfRequest(db, request, now);
  return buyer ? requestAgain(db, buyer, again) : undefined;
}

/** The request form's values for the earlier deal: the details, and each listed product's line where it has one. */
export function prefillValues(again: RequestAgain, items: ReadonlyArray<{ id: string }>): Record<string, string> {
  const values: Record<string, string> = { ...again.details };
  items.forEach((item, i) => {
    const line = again.lines.get(item.id);
    if (!line) return;
    values[lineField("quantity", i)] = line.quantity;
    values[lineField("unit", i)] = line.unit;
    if (line.grade) values[lineField("grade", i)] = line.grade;
    if (line.packaging) values[lineField("packaging", i)] = line.packaging;
  });
  return values;
}
