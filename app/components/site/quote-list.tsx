import { Check, ClipboardList, Plus } from "lucide-react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { buttonClass, ButtonLink, type ButtonStyle } from "~/components/ui/button";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { QUOTE_PAGE } from "~/features/quotes/paths";
import { useHydrated } from "~/lib/use-hydrated";
import { SITE_LAYOUT_ID } from "./site-data";
import { DISCOVER, useFollowLink } from "./site-links";

/** The products in the visitor's quote list, from the site layout's data. */
export function useQuoteIds(): string[] {
  return useRouteLoaderData<{ quoteIds?: string[] }>(SITE_LAYOUT_ID)?.quoteIds ?? [];
}

export const quoteCountLabel = (count: number) =>
  `Quote list, ${count === 0 ? "no products" : count === 1 ? "1 product" : `${count} products`}`;

/** The header's link to the quote list, with the number of products in it. */
export function QuoteBadge({ count }: { count: number }) {
  const follow = useFollowLink();
  return (
    <a
      href={QUOTE_PAGE}
      {...DISCOVER}
      onClick={follow}
      aria-label={quoteCountLabel(count)}
      data-testid="quote-badge"
      className="relative rounded-md p-2 text-brand-800 hover:bg-brand-50"
    >
      <ClipboardList className="size-7 lg:size-6" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-brand-950"
        >
          {count}
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
  const fetcher = useFetcher<QuoteListAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const inList = useQuoteIds().includes(productId);
  useToastOnChange(fetcher.data?.toast);
  const adding = fetcher.state !== "idle";
  const added = !!fetcher.data?.ok && fetcher.data.ids.includes(productId);

  if (inList || (added && !adding)) {
    return (
      <ButtonLink to={QUOTE_PAGE} variant="outline" {...style} className={className} data-testid="in-quote">
        <Check className="size-5" aria-hidden /> {added ? "Added to Quote" : "In Quote List"}
        <span className="sr-only">: {productName}, view your quote list</span>
      </ButtonLink>
    );
  }
  return (
    <fetcher.Form method="post" action={QUOTE_PAGE} className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {/* Only a fetcher is answered with data; the form sent without JavaScript gets the redirect. */}
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button
        type="submit"
        disabled={adding}
        aria-busy={adding || undefined}
        className={buttonClass({ variant: "primary", ...style }, "w-full")}
      >
        <Plus className="size-5" aria-hidden /> {adding ? "Adding..." : "Add to Quote"}
        <span className="sr-only">: {productName}</span>
      </button>
    </fetcher.Form>
  );
}
