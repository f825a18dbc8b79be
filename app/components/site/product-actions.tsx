import { MessageSquare, PackageOpen } from "lucide-react";
import { ConvertedPrice, CurrencyPicker } from "~/components/site/currency-price";
import { AddToQuote } from "~/components/site/quote-list";
import { ButtonLink } from "~/components/ui/button";
import { formatLongDate } from "~/features/blog/dates";
import type { IndicativePrice } from "~/features/catalogue/trade-terms/display";
import type { CurrencyOffer } from "~/features/currency/rates";
import { useI18n } from "~/features/i18n/i18n-context";
import { samplePath } from "~/features/request-sample/paths";

const inquiryPath = (productName: string) => `/contact-us?product_name=${encodeURIComponent(productName)}`;

/** The product page's two actions, the same pair in the first screen (large) and the phone's bar (small). */
function ProductActions({ product, size }: { product: ProductActionProps["product"]; size: "sm" | "lg" }) {
  const { t, path } = useI18n();
  return (
    <>
      <AddToQuote productId={product.id} productName={product.name} size={size} />
      <ButtonLink to={path(inquiryPath(product.name))} variant="accent" size={size}>
        <MessageSquare className={size === "lg" ? "size-5" : "size-4 shrink-0"} aria-hidden /> {t("product.inquire")}
      </ButtonLink>
    </>
  );
}

export type ProductActionProps = {
  product: { id: string; name: string };
  price: IndicativePrice | null;
  minimumOrder: string | null;
};

/**
 * What a buyer decides on, in the first screen beside the photos (issue 23): the indicative price while valid, the
 * minimum order and both actions. Below the desktop width the actions are in the bar fixed at the bottom instead.
 */
export function FirstActions({
  product,
  price,
  minimumOrder,
  currency = null,
}: ProductActionProps & { currency?: CurrencyOffer | null }) {
  const { t, lang, path } = useI18n();
  return (
    <div className="mt-6 space-y-4 rounded-2xl bg-brand-50/60 p-5 ring-1 ring-brand-100">
      {price || minimumOrder ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {price ? (
            <div className="contents">
              <dt className="font-semibold text-brand-900">{t("product.price")}</dt>
              <dd className="text-ink" data-testid="first-price">
                {price.text}
                {price.validUntil ? (
                  <span className="text-muted">
                    {" · "}
                    {t("product.validUntil", { date: formatLongDate(price.validUntil, lang) })}
                  </span>
                ) : null}
                {currency ? <ConvertedPrice price={price} /> : null}
              </dd>
            </div>
          ) : null}
          {minimumOrder ? (
            <div className="contents">
              <dt className="font-semibold text-brand-900">{t("product.minimumOrder")}</dt>
              <dd className="text-ink" data-testid="first-minimum-order">
                {minimumOrder}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {price && currency ? <CurrencyPicker offer={currency} /> : null}
      <div className="hidden flex-wrap gap-3 lg:flex">
        <ProductActions product={product} size="lg" />
      </div>
      {/* A sample before an order (issue 28): at every width, a plain link to the form with this product chosen. */}
      <ButtonLink
        to={path(samplePath(product.id))}
        variant="outline"
        size="sm"
        className="w-full sm:w-auto"
        data-testid="request-sample"
      >
        <PackageOpen className="size-4 shrink-0" aria-hidden /> {t("forms.sample.request")}
      </ButtonLink>
    </div>
  );
}

/**
 * The phone's action bar: fixed at the bottom below the desktop width, plain forms and links (it works without
 * JavaScript). app.css keeps its height free at the end of the page and puts toasts and the chat button above it.
 */
export function ActionBar({
  product,
  price,
  minimumOrder,
  currency = null,
}: ProductActionProps & { currency?: CurrencyOffer | null }) {
  const { t } = useI18n();
  return (
    <div
      data-action-bar
      data-testid="action-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-3 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden"
    >
      {/* A line each, never cut off: the minimum order in Arabic or Bengali does not fit beside the price. */}
      {price || minimumOrder ? (
        <p className="mb-2 flex flex-col items-center text-center text-xs leading-4 text-slate-700">
          {price ? (
            <span data-testid="bar-price">
              <span className="font-semibold">{price.text}</span>
              {currency ? <ConvertedPrice price={price} brief className="block" /> : null}
            </span>
          ) : null}
          {minimumOrder ? (
            <span data-testid="bar-minimum-order">{t("product.barMinimumOrder", { quantity: minimumOrder })}</span>
          ) : null}
        </p>
      ) : null}
      <div className="mx-auto grid max-w-xl grid-cols-2 gap-2 [&_a]:h-12 [&_a]:px-2 [&_a]:leading-tight [&_button]:h-12 [&_button]:px-2 [&_button]:leading-tight">
        <ProductActions product={product} size="sm" />
      </div>
    </div>
  );
}
