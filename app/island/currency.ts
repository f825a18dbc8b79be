import { convertRange, type EmbeddedRates } from "~/features/currency/rates";

// Prices in the buyer's currency (issue 43; components/site/currency-price.tsx renders the markup). The page is the
// same for everyone in the page cache: the visitor's choice lives in a cookie the server never reads, and the
// conversion happens here from the fresh rates the page carries. Without JavaScript the price stays as it is.

const COOKIE = "currency";
/** The visitor chose to see no conversion. */
const NONE = "none";

/** A country's currency, for a browser's region (navigator.language "en-AE" → AED). */
const REGION_CURRENCY: Record<string, string> = {
  AE: "AED",
  SA: "SAR",
  QA: "QAR",
  KW: "KWD",
  OM: "OMR",
  BH: "BHD",
  BD: "BDT",
  IN: "INR",
  LK: "LKR",
  MY: "MYR",
  ID: "IDR",
  SG: "SGD",
  GB: "GBP",
  JP: "JPY",
  ...Object.fromEntries(
    "AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK".split(" ").map((region) => [region, "EUR"]),
  ),
};
/** Without a region of its own: the page's language says where the buyer likely is. */
const LANGUAGE_CURRENCY: Record<string, string> = { ar: "AED", bn: "BDT" };

const chosenInCookie = () => /(?:^|;\s*)currency=([A-Za-z]{3,4})(?:;|$)/.exec(document.cookie)?.[1];

function defaultCurrency(lang: string): string | undefined {
  const region = navigator.language?.split("-").find((part, i) => i > 0 && /^[A-Z]{2}$/.test(part));
  return (region && REGION_CURRENCY[region]) || LANGUAGE_CURRENCY[lang.split("-")[0]!];
}

function formatAmounts(min: number, max: number, currency: string, lang: string) {
  const format = new Intl.NumberFormat(lang, {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: max >= 100 ? 0 : 2,
  });
  const amount =
    max > min && typeof format.formatRange === "function"
      ? format.formatRange(min, max)
      : max > min
        ? `${format.format(min)}–${format.format(max)}`
        : format.format(min);
  // In a right-to-left page the amount keeps its own order inside the sentence (as the server's price does).
  return document.documentElement.dir === "rtl" ? `\u2066${amount.replace(/\u200f/g, "")}\u2069` : amount;
}

const formatDay = (date: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

export function startCurrency() {
  const picker = document.querySelector<HTMLElement>("[data-currency]");
  const select = picker?.querySelector<HTMLSelectElement>("[data-currency-choice]");
  if (!picker || !select) return;
  const rates = JSON.parse(picker.dataset.rates ?? "{}") as EmbeddedRates;
  const { approx = "{amount}", ratesOf = "{date}" } = picker.dataset;
  const lang = document.documentElement.lang || "en";
  const offered = new Set([...select.options].map((option) => option.value).filter(Boolean));

  const show = (currency: string | undefined) => {
    for (const price of document.querySelectorAll<HTMLElement>("[data-currency-price]")) {
      const { min, max, from = "USD" } = price.dataset;
      const converted = currency ? convertRange(Number(min), Number(max), from, currency, rates) : null;
      price.hidden = !converted;
      const amount =
        converted && approx.replace("{amount}", formatAmounts(converted.min, converted.max, currency!, lang));
      price.textContent = !converted
        ? ""
        : price.hasAttribute("data-brief")
          ? amount!
          : `${amount} · ${ratesOf.replace("{date}", formatDay(converted.date, lang))}`;
    }
  };

  const inCookie = chosenInCookie();
  const chosen = inCookie === NONE ? undefined : inCookie && offered.has(inCookie) ? inCookie : defaultCurrency(lang);
  const current = chosen && offered.has(chosen) ? chosen : undefined;
  select.value = current ?? "";
  show(current);
  picker.hidden = false;
  select.addEventListener("change", () => {
    document.cookie = `${COOKIE}=${select.value || NONE}; Path=/; Max-Age=31536000; SameSite=Lax`;
    show(select.value || undefined);
  });
}
