import type { IndicativePrice } from "~/features/catalogue/trade-terms/display";
import type { CurrencyOffer } from "~/features/currency/rates";
import { useI18n } from "~/features/i18n/i18n-context";

// The price in the buyer's currency (issue 43). The server renders only the USD price as ever, plus what the island
// (app/island/currency.ts) needs to convert it in the browser: the page stays one copy for every visitor in the page
// cache, whatever currency they picked. Without JavaScript both stay hidden and the price reads as before.

/**
 * Where the converted amounts appear beside a price ("≈ AED 1,212–1,395 · rates of 27 Nov"), filled by the island.
 * `brief` (the phone's action bar, a line under the page's own dated price) leaves the rates' date out.
 */
export function ConvertedPrice({
  price,
  brief,
  className,
}: {
  price: IndicativePrice;
  brief?: boolean;
  className?: string;
}) {
  return (
    <span
      data-currency-price
      data-min={price.min}
      data-max={price.max}
      data-from={price.currency}
      data-brief={brief ? "" : undefined}
      className={className ?? "block text-sm text-slate-700"}
      hidden
    />
  );
}

/** The currency picker and the rates (only fresh ones) with the texts the island writes, in the page's language. */
export function CurrencyPicker({ offer }: { offer: CurrencyOffer }) {
  const { t } = useI18n();
  return (
    <div
      data-currency
      data-rates={JSON.stringify(offer.rates)}
      data-approx={t("currency.approx", { amount: "{amount}" })}
      data-rates-of={t("currency.ratesOf", { date: "{date}" })}
      className="flex items-center gap-2 text-sm"
      hidden
    >
      <label htmlFor="currency-choice" className="font-semibold text-brand-900">
        {t("currency.label")}
      </label>
      <select
        id="currency-choice"
        data-currency-choice
        className="h-9 max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm"
        defaultValue=""
      >
        <option value="">{t("currency.none")}</option>
        {offer.options.map(({ code, name }) => (
          <option key={code} value={code}>{`${code} · ${name}`}</option>
        ))}
      </select>
    </div>
  );
}
