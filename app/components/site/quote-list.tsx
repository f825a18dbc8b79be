import { Check, ClipboardList, Plus } from "lucide-react";
import { useLocation, useRouteLoaderData } from "react-router";
import { buttonClass, type ButtonStyle } from "~/components/ui/button";
import { QUOTE_LIST_ANSWER, QUOTE_PAGE } from "~/features/request-quote/paths";
import { QUOTE_LIST_MAX } from "~/features/request-quote/quote-ids";
import { useI18n } from "~/features/i18n/i18n-context";
import type { Translate } from "~/features/i18n/translate";
import { formatNumber } from "~/lib/i18n/numbers";
import type { Language } from "~/lib/i18n/languages";
import { SITE_LAYOUT_ID } from "./site-data";

/**
 * The products in the visitor's quote list, as far as the server may say: only on a page rendered for this visitor
 * alone (one carrying a flash: the layout's `quoteIds`), else none. Public pages are the same for everyone (cached,
 * ADR 0018): there the page's script reads the list from the cookie (app/island/quote-list.ts).
 */
export function useQuoteIds(): string[] {
  return useRouteLoaderData<{ quoteIds?: string[] | null }>(SITE_LAYOUT_ID)?.quoteIds ?? [];
}

export const quoteCountLabel = (count: number, t: Translate) => t("quoteList.count", { count });

const countFormsByLanguage = new Map<Language, string>();

/**
 * The badge's name in each plural form of the page's language, `{count}` standing for the number, as JSON: the page's
 * script picks one with Intl.PluralRules as `t` does (no catalogue in the browser). A list never holds more than
 * QUOTE_LIST_MAX, so every form it can need is met on the way there.
 */
function countForms(t: Translate, lang: Language): string {
  let forms = countFormsByLanguage.get(lang);
  if (forms === undefined) {
    const rules = new Intl.PluralRules(lang);
    const numbers = new Intl.NumberFormat(lang);
    const byForm: Record<string, string> = {};
    for (let n = 0; n <= QUOTE_LIST_MAX; n++)
      byForm[n === 0 ? "zero" : rules.select(n)] ??= quoteCountLabel(n, t).replace(numbers.format(n), "{count}");
    forms = JSON.stringify(byForm);
    countFormsByLanguage.set(lang, forms);
  }
  return forms;
}

/**
 * The header's link to the quote list, with the number of products in it: the server's count (none on a cached page),
 * then the cookie's, set by the page's script.
 */
export function QuoteBadge({ count }: { count: number }) {
  const { t, path, lang } = useI18n();
  return (
    <a
      href={path(QUOTE_PAGE)}
      aria-label={quoteCountLabel(count, t)}
      data-testid="quote-badge"
      data-quote-badge
      data-count-forms={countForms(t, lang)}
      className="relative rounded-md p-2 text-brand-800 hover:bg-brand-50"
    >
      <ClipboardList className="size-7 lg:size-6" aria-hidden />
      <span
        aria-hidden
        data-quote-count
        hidden={count === 0}
        className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-brand-950"
      >
        {count > 0 ? formatNumber(count, lang) : null}
      </span>
    </a>
  );
}

/**
 * 'Add to Quote' for one product: a plain form. Without JavaScript the server sets the cookie and sends the buyer
 * back to this page with a notice (post/redirect/get). With it the page's script sends the form itself and stays
 * (app/island/quote-list.ts), and puts the link in the template in the form's place, as it does for a product the
 * cookie already holds.
 */
export function AddToQuote({
  productId,
  productName,
  className,
  ...style
}: { productId: string; productName: string; className?: string } & ButtonStyle) {
  const { t, path } = useI18n();
  const location = useLocation();
  const link = (
    <a
      href={path(QUOTE_PAGE)}
      className={buttonClass({ ...style, variant: "outline" }, className)}
      data-testid="in-quote"
    >
      <Check className="size-5" aria-hidden /> <span data-label>{t("quoteList.inList")}</span>
      <span className="sr-only">: {t("quoteList.view", { name: productName })}</span>
    </a>
  );
  if (useQuoteIds().includes(productId)) return link;
  return (
    <form
      method="post"
      action={path(QUOTE_PAGE)}
      className={className}
      data-add-to-quote={productId}
      data-answer={path(QUOTE_LIST_ANSWER)}
      data-added-label={t("quoteList.added")}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button
        type="submit"
        data-busy-label={t("quoteList.adding")}
        className={buttonClass(
          { variant: "primary", ...style },
          "w-full aria-disabled:cursor-wait aria-disabled:opacity-60",
        )}
      >
        <Plus className="size-5" aria-hidden /> <span data-label>{t("quoteList.add")}</span>
        <span className="sr-only">: {productName}</span>
      </button>
      {/* What takes the form's place once the product is in the list. */}
      <template>{link}</template>
    </form>
  );
}
