import { localizeProductNames } from "~/features/translations/catalogue.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { serialize } from "cookie";
import type { ToastInput } from "~/lib/web/toast";
import type { Db } from "~/db/database.server";
import { minimumOrderText } from "~/features/catalogue/trade-terms/display";
import { parseTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import type { QuantityUnit } from "~/features/catalogue/trade-terms/vocabulary";
import { safeImageSrc } from "~/lib/web/safe-url";
import { errorToast, successToast } from "~/lib/forms/respond.server";
import { servedOverHttps } from "~/lib/https.server";
import { sameOriginPath } from "~/lib/same-origin";
import { DEFAULT_LANGUAGE, languageOfPath, localePath } from "~/lib/i18n/languages";
import { QUOTE_PAGE } from "./paths";
import { isQuoteId, parseQuoteIds, QUOTE_LIST_COOKIE, QUOTE_LIST_MAX, quoteListValue } from "./quote-ids";
import type { MinimumOrder } from "./minimum-order";
import { lineField } from "./line-fields";
import type { AppServices } from "~/services.server";
import { publicProduct } from "~/features/publishing/visibility.server";
import { productPath } from "~/lib/web/public-paths";

/**
 * The visitor's quote list: the ids of the products they picked, in a cookie (no account, no table). Public pages do
 * not depend on it, so they stay cached for a buyer with a list: the header's count and the 'In Quote List' buttons
 * are read from the cookie by the page's script (ADR 0025, "Later"). Only the `/request-quote…` pages, never
 * cached, read it here.
 */
export { QUOTE_LIST_COOKIE };

const MAX_AGE = 60 * 60 * 24 * 30;

/** The ids in the request's cookie: well formed, each once, at most QUOTE_LIST_MAX. Not yet checked against the database. */
export function readQuoteListIds(request: Request): string[] {
  return parseQuoteIds(quoteListValue(request.headers.get("Cookie") ?? ""));
}

/**
 * The cookie holding `ids`; an empty list removes it. Not HttpOnly: the page's script reads it for the header's
 * count (it holds product ids, nothing secret; a script that could read it could as well post to the list).
 */
export function quoteListCookie(request: Request, publicUrl: string | undefined, ids: string[]): string {
  return serialize(QUOTE_LIST_COOKIE, ids.join("."), {
    httpOnly: false,
    sameSite: "lax",
    secure: servedOverHttps(request, publicUrl),
    path: "/",
    maxAge: ids.length ? MAX_AGE : 0,
  });
}

export interface QuoteListItem {
  id: string;
  name: string;
  path: string;
  imageUrl: string | null;
  grades: string[];
  packaging: string[];
  defaultUnit: QuantityUnit;
  /** For the form's hint when a quantity is below it (issue 23). */
  minimumOrder: MinimumOrder | null;
}

/** The products of the visitor's list that still exist, in the order they were added; unknown ids are dropped. */
export async function loadQuoteList(db: Db, ids: string[]): Promise<QuoteListItem[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .select([
      "products.id",
      "products.name",
      "products.slug",
      "products.image_url",
      "products.trade_terms",
      "product_categories.slug as category_slug",
    ])
    .where("products.id", "in", ids)
    // A draft (or one in a draft category) is not offered: it drops out of a list it was added to (ADR 0033).
    .where(publicProduct)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const terms = parseTradeTerms(row.trade_terms);
    return {
      id: row.id,
      name: row.name,
      path: productPath(row.category_slug, row.slug),
      imageUrl: safeImageSrc(row.image_url),
      grades: terms.grades,
      packaging: terms.packaging,
      defaultUnit: terms.min_order_unit ?? "MT",
      minimumOrder:
        terms.min_order_quantity !== null && terms.min_order_unit
          ? {
              quantity: terms.min_order_quantity,
              unit: terms.min_order_unit,
              text: minimumOrderText(terms) ?? "",
              containerMt: { "20 ft container": terms.container_20ft_mt, "40 ft container": terms.container_40ft_mt },
            }
          : null,
    };
  });
}

/**
 * The products a refused quote form was sent with, each with its position in the form: shown again when the
 * list in the cookie is gone meanwhile (sent from another tab), so what was typed is not lost.
 */
export async function loadSubmittedLines(db: Db, form: FormData): Promise<Array<QuoteListItem & { index: number }>> {
  const ids = Array.from({ length: QUOTE_LIST_MAX }, (_, i) => form.get(lineField("product_id", i)));
  const items = await loadQuoteList(db, ids.filter(isQuoteId));
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id, index) => {
    const item = typeof id === "string" ? byId.get(id) : undefined;
    return item ? [{ ...item, index }] : [];
  });
}

/** The ids of the visitor's list that name products in the database (for the header's count and the buttons). */
export async function knownQuoteListIds(db: Db, request: Request): Promise<string[]> {
  const ids = readQuoteListIds(request);
  const known = await publicProductNames(db, ids);
  return ids.filter((id) => known.has(id));
}

/** The names of those of `ids` the public may see (ADR 0033: a draft is as gone as a deleted product), by id. */
async function publicProductNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .select(["products.id", "products.name"])
    .where("products.id", "in", ids)
    .where(publicProduct)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export type QuoteListIntent = "add" | "remove";

export interface QuoteListChange {
  ids: string[];
  /** The cookie to set, when the list changed. */
  cookie: string | null;
  toast: ToastInput;
  /** Where a form sent without JavaScript goes back to: a path on this site. */
  returnTo: string;
}

/**
 * Adds a product to the visitor's list or removes it. `returnTo` is kept only as a path on this site
 * ('//evil.example', '/.//evil.example' and 'https://…' would make this an open redirect): otherwise the quote page.
 */
export async function changeQuoteList(
  db: Db,
  request: Request,
  publicUrl: string | undefined,
  change: { intent: QuoteListIntent; productId: unknown; returnTo: unknown },
): Promise<QuoteListChange> {
  // The toast is in the language of the page the button is on (its path's prefix), else of the quote page posted to.
  const posted = languageOfPath(new URL(request.url).pathname);
  const back = sameOriginPath(change.returnTo);
  const lang = posted !== DEFAULT_LANGUAGE || !back ? posted : languageOfPath(back);
  const t = wordingOf(lang).t;
  const returnTo = back ?? localePath(lang, QUOTE_PAGE);
  const productId = isQuoteId(change.productId) ? change.productId : null;
  // The list and the product in one read; adding a draft is refused as for an unknown product (ADR 0033).
  const listed = readQuoteListIds(request);
  const names = await publicProductNames(db, productId ? [...listed, productId] : listed);
  const ids = listed.filter((id) => names.has(id));
  const name = productId && names.get(productId);
  // Named in the toast's language (the buyer reading Bengali reads the product's Bengali name).
  const [product] = name ? await localizeProductNames(db, lang, [{ id: productId, name }]) : [];
  const unchanged = (toast: ToastInput): QuoteListChange => ({ ids, cookie: null, toast, returnTo });

  if (change.intent === "remove") {
    const next = ids.filter((id) => id !== productId);
    if (next.length === ids.length)
      return unchanged(successToast(t("forms.toast.removed"), t("forms.toast.removed.notInList")));
    return {
      ids: next,
      cookie: quoteListCookie(request, publicUrl, next),
      toast: successToast(
        t("forms.toast.removed"),
        product ? t("forms.toast.removed.message", { product: product.name }) : t("forms.toast.removed.unknown"),
      ),
      returnTo,
    };
  }
  if (!product) return unchanged(errorToast(t("forms.toast.notFound"), t("forms.toast.notFound.message")));
  if (ids.includes(product.id))
    return unchanged(
      successToast(t("forms.toast.already"), t("forms.toast.already.message", { product: product.name })),
    );
  if (ids.length >= QUOTE_LIST_MAX)
    return unchanged(errorToast(t("forms.toast.full"), t("forms.toast.full.message", { count: QUOTE_LIST_MAX })));
  const next = [...ids, product.id];
  return {
    ids: next,
    cookie: quoteListCookie(request, publicUrl, next),
    toast: successToast(t("forms.toast.added"), t("forms.toast.added.message", { product: product.name })),
    returnTo,
  };
}

/**
 * A quote list form as sent ('Add to Quote', a line's Remove), for the quote page's action (a form without
 * JavaScript) and the page script's JSON answer alike: the change, the headers setting its cookie, and a product
 * newly in the list counted as a quote-list add (ADR 0040). Null when the form is neither.
 */
export async function applyQuoteListForm(
  services: Pick<AppServices, "db" | "config" | "countDemand">,
  request: Request,
  form: FormData,
): Promise<{ change: QuoteListChange; headers: Headers } | null> {
  const intent = form.get("intent");
  if (intent !== "add" && intent !== "remove") return null;
  const change = await changeQuoteList(services.db, request, services.config.publicUrl, {
    intent,
    productId: form.get("product_id"),
    returnTo: form.get("returnTo"),
  });
  const headers = new Headers();
  if (change.cookie) headers.append("Set-Cookie", change.cookie);
  if (intent === "add" && change.cookie) services.countDemand("add", change.ids.slice(-1));
  return { change, headers };
}
