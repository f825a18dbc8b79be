import { Check, Columns3 } from "lucide-react";
import { COMPARE_MAX } from "~/features/catalogue/compare-ids";
import { useI18n } from "~/features/i18n/i18n-context";

/**
 * 'Compare' for one product (issue 43). Without JavaScript, a link to the comparison of this product, where more can
 * be added. The public pages' script (app/island/compare.ts) makes it a toggle of the visitor's list (aria-pressed)
 * and shows the 'Compare (n)' bar; its texts come in the page's language from the data attributes.
 */
export function CompareLink({
  productId,
  productName,
  className = "",
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const { t, path } = useI18n();
  return (
    <a
      href={path(`/compare?products=${productId}`)}
      // A comparison is noindex and one address per choice of products: not for a search engine to walk.
      rel="nofollow"
      data-compare={productId}
      data-compare-page={path("/compare")}
      data-compare-bar={t("compare.bar", { number: "{number}" })}
      data-compare-full={t("compare.full", { max: COMPARE_MAX })}
      className={`group inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline aria-pressed:text-brand-900 ${className}`}
    >
      <Columns3 className="size-4 group-aria-pressed:hidden" aria-hidden />
      <Check className="hidden size-4 rounded-sm bg-brand-600 text-white group-aria-pressed:block" aria-hidden />
      {t("compare.action")}
      <span className="sr-only">: {productName}</span>
    </a>
  );
}
