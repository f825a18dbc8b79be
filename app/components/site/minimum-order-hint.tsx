import { formatQuantity } from "~/features/catalogue/trade-terms/display";
import { useI18n } from "~/features/i18n/i18n-context";
import type { MinimumOrder } from "~/features/request-quote/minimum-order";

/**
 * The product's minimum order under its line. The page's script turns it into the warning (`data-below`) while the
 * quantity asked for is below it (app/island/quote-page.ts, compared as minimum-order.ts does); the request may
 * still be sent.
 */
export function MinimumOrderHint({ minimum }: { minimum: MinimumOrder }) {
  const i18n = useI18n();
  const params = {
    // English keeps the server's text; other languages write the quantity in their own words.
    minimum: i18n.lang === "en" ? minimum.text : formatQuantity(minimum.quantity, minimum.unit, i18n),
  };
  return (
    <p
      data-testid="minimum-order-hint"
      data-minimum-order={JSON.stringify(minimum)}
      data-below={i18n.t("minimumOrder.below", params)}
      aria-live="polite"
      className="mt-2 text-sm text-muted"
    >
      {i18n.t("minimumOrder.hint", params)}
    </p>
  );
}
