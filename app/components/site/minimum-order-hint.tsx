import { useEffect, useRef, useState } from "react";
import { formatQuantity } from "~/features/catalogue/trade-terms/display";
import type { QuantityUnit } from "~/features/catalogue/trade-terms/vocabulary";
import { useI18n } from "~/features/i18n/i18n-context";
import { belowMinimumOrder, type MinimumOrder } from "~/features/request-quote/minimum-order";

/**
 * The product's minimum order under its line; with JavaScript it turns into a warning while the quantity asked for
 * is below it (compared in tonnes where the units convert, minimum-order.ts). The request may still be sent.
 */
export function MinimumOrderHint({ minimum }: { minimum: MinimumOrder }) {
  const i18n = useI18n();
  const hint = useRef<HTMLParagraphElement>(null);
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const line = hint.current?.closest("li");
    if (!line) return;
    const check = () => {
      const quantity = line.querySelector<HTMLInputElement>('input[name^="quantity_"]')?.value ?? "";
      const unit = line.querySelector<HTMLSelectElement>('select[name^="unit_"]')?.value as QuantityUnit | undefined;
      setBelow(!!unit && quantity.trim() !== "" && belowMinimumOrder(Number(quantity), unit, minimum));
    };
    check();
    line.addEventListener("input", check);
    line.addEventListener("change", check);
    return () => {
      line.removeEventListener("input", check);
      line.removeEventListener("change", check);
    };
  }, [minimum]);
  return (
    <p
      ref={hint}
      data-testid="minimum-order-hint"
      aria-live="polite"
      className={`mt-2 text-sm ${below ? "rounded-md bg-amber-50 px-3 py-2 text-amber-900" : "text-muted"}`}
    >
      {i18n.t(below ? "minimumOrder.below" : "minimumOrder.hint", {
        // English keeps the server's text; other languages write the quantity in their own words.
        minimum: i18n.lang === "en" ? minimum.text : formatQuantity(minimum.quantity, minimum.unit, i18n),
      })}
    </p>
  );
}
