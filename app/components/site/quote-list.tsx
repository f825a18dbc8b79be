import { Check, ClipboardList, Plus } from "lucide-react";
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { buttonClass, ButtonLink, type ButtonStyle } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import type { ToastInput } from "~/lib/web/toast";
import { QUOTE_PAGE } from "~/features/request-quote/paths";
import { parseQuoteIds, quoteListValue } from "~/features/request-quote/quote-ids";
import { useI18n } from "~/features/i18n/i18n-context";
import type { Translate } from "~/features/i18n/translate";
import { formatNumber } from "~/lib/i18n/numbers";
import { useHydrated } from "~/lib/use-hydrated";
import { SITE_LAYOUT_ID } from "./site-data";
import { DISCOVER, useFollowLink } from "./site-links";

const QUOTE_LIST_CHANGED = "quote-list-changed";

/** Tells every `useQuoteIds` to read the cookie again: after the server answered an add or a remove. */
export function quoteListChanged() {
  window.dispatchEvent(new Event(QUOTE_LIST_CHANGED));
}

/** Another tab may have changed the list: read again when this one is shown. */
function subscribeToQuoteList(onChange: () => void) {
  const events = [QUOTE_LIST_CHANGED, "focus", "pageshow"];
  for (const event of events) window.addEventListener(event, onChange);
  return () => events.forEach((event) => window.removeEventListener(event, onChange));
}

const readQuoteListCookie = () => quoteListValue(document.cookie);

/**
 * The products in the visitor's quote list. Public pages are the same for everyone (cached, ADR 0018), so the list
 * is read from the cookie in the browser once React runs; the server's HTML shows it only on a page rendered for
 * this visitor alone (the layout's `quoteIds`, else none), and hydration starts from that.
 */
export function useQuoteIds(): string[] {
  const fromServer = useRouteLoaderData<{ quoteIds?: string[] | null }>(SITE_LAYOUT_ID)?.quoteIds;
  const serverValue = fromServer ? fromServer.join(".") : "";
  const value = useSyncExternalStore(subscribeToQuoteList, readQuoteListCookie, () => serverValue);
  return useMemo(() => parseQuoteIds(value), [value]);
}

export const quoteCountLabel = (count: number, t: Translate) => t("quoteList.count", { count });

/** The header's link to the quote list, with the number of products in it. */
export function QuoteBadge({ count }: { count: number }) {
  const { t, path, lang } = useI18n();
  const follow = useFollowLink();
  return (
    <a
      href={path(QUOTE_PAGE)}
      {...DISCOVER}
      onClick={follow}
      aria-label={quoteCountLabel(count, t)}
      data-testid="quote-badge"
      className="relative rounded-md p-2 text-brand-800 hover:bg-brand-50"
    >
      <ClipboardList className="size-7 lg:size-6" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-brand-950"
        >
          {formatNumber(count, lang)}
        </span>
      ) : null}
    </a>
  );
}

interface QuoteListAnswer {
  ok: true;
  toast: ToastInput;
  ids: string[];
}

/**
 * 'Add to Quote' for one product. Without JavaScript it is a plain form: the server sets the cookie and sends the
 * buyer back to this page with a notice (post/redirect/get). With JavaScript a fetcher sends it, the page stays
 * where it is, and the layout's data (the header's count) reloads.
 */
export function AddToQuote({
  productId,
  productName,
  className,
  ...style
}: { productId: string; productName: string; className?: string } & ButtonStyle) {
  const { t, path } = useI18n();
  const fetcher = useFetcher<QuoteListAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const inList = useQuoteIds().includes(productId);
  useToastOnChange(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.data) quoteListChanged();
  }, [fetcher.data]);
  const adding = fetcher.state !== "idle";
  const added = !!fetcher.data?.ok && fetcher.data.ids.includes(productId);
  const showLink = inList || (added && !adding);

  // The button the buyer pressed is replaced by the link: focus moves to it, instead of falling to <body> and
  // sending a keyboard or screen-reader user back to the top of the page. Only when focus is still with us.
  const sent = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!showLink || !sent.current) return;
    sent.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body) link.current?.focus();
  }, [showLink]);

  if (showLink) {
    return (
      <ButtonLink
        ref={link}
        to={path(QUOTE_PAGE)}
        variant="outline"
        {...style}
        className={className}
        data-testid="in-quote"
      >
        <Check className="size-5" aria-hidden /> {t(added ? "quoteList.added" : "quoteList.inList")}
        <span className="sr-only">: {t("quoteList.view", { name: productName })}</span>
      </ButtonLink>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={path(QUOTE_PAGE)}
      className={className}
      onSubmit={(event) => {
        // Sent once: a second press while it is on its way (the button stays focusable, so focus stays on it).
        if (adding) event.preventDefault();
        else sent.current = true;
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {/* Only a fetcher is answered with data; the form sent without JavaScript gets the redirect. */}
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button
        type="submit"
        aria-disabled={adding || undefined}
        aria-busy={adding || undefined}
        className={buttonClass(
          { variant: "primary", ...style },
          "w-full aria-disabled:cursor-wait aria-disabled:opacity-60",
        )}
      >
        <Plus className="size-5" aria-hidden /> {t(adding ? "quoteList.adding" : "quoteList.add")}
        <span className="sr-only">: {productName}</span>
      </button>
    </fetcher.Form>
  );
}
