import { describe, expect, it } from "vitest";
import { catalogueOf } from "~/features/i18n/catalogues.server";
import { makeTranslator } from "~/features/i18n/translate";
import type { Wording } from "~/features/i18n/wording";
import { formatLongDate, formatShortDate } from "~/features/blog/dates";
import type { Language } from "~/lib/i18n/languages";
import { formatNumber } from "~/lib/i18n/numbers";
import {
  availabilityStrip,
  formatQuantity,
  indicativePrice,
  monthName,
  tradeTermLabel,
  tradeTermRows,
} from "./display";
import { MONTHS, type TradeTerms } from "./vocabulary";

const wording = (lang: Language): Wording => ({ lang, t: makeTranslator(lang, catalogueOf(lang)) });

const TERMS: TradeTerms = {
  hs_code: "0703.10",
  min_order_quantity: 1,
  min_order_unit: "40 ft container",
  supply_capacity: 1500,
  supply_capacity_unit: "MT",
  grades: [],
  packaging: [],
  container_20ft_mt: null,
  container_40ft_mt: 29,
  container_type: "reefer",
  ports_of_loading: ["Nhava Sheva (JNPT)"],
  incoterms: ["FOB"],
  payment_terms: [],
  lead_time_days: 14,
  shelf_life: null,
  origin: null,
  availability_months: [1, 2, 9],
  price_min: 380,
  price_max: 420,
  price_currency: "USD",
  price_unit: "MT",
  price_incoterm: "FOB",
  price_valid_until: "2026-12-31",
} as TradeTerms;

describe("trade terms in the page's language", () => {
  it("keeps English as it always read", () => {
    expect(availabilityStrip(TERMS).map((m) => [m.name, m.short])).toEqual(MONTHS.map((m) => [m, m.slice(0, 3)]));
    expect(formatQuantity(1, "40 ft container")).toBe("1 × 40 ft container");
    expect(formatQuantity(2, "20 ft container")).toBe("2 × 20 ft containers");
    expect(formatQuantity(1234.5, "MT")).toBe("1,234.5 MT");
    expect(indicativePrice(TERMS, "2026-11-25")?.text).toBe("USD 380–420 per MT, FOB");
    expect(tradeTermRows(TERMS)).toEqual([
      { label: "HS Code", value: "0703.10" },
      { label: "Minimum Order", value: "1 × 40 ft container" },
      { label: "Supply Capacity", value: "1,500 MT per month" },
      { label: "Container Load", value: "40 ft: 29 MT (reefer)" },
      { label: "Port of Loading", value: "Nhava Sheva (JNPT)" },
      { label: "Incoterms", value: "FOB" },
      { label: "Lead Time", value: "14 days" },
    ]);
    expect(formatLongDate("2026-12-31")).toBe("December 31, 2026");
    expect(formatShortDate("2026-09-05")).toBe("Sep 5, 2026");
  });

  it("names the months in Arabic and Bengali", () => {
    expect(monthName(9, "ar")).toBe("سبتمبر");
    expect(monthName(1, "bn")).toBe("জানুয়ারি");
    expect(monthName(9, "bn", "short")).toBe("সেপ্ট");
    const strip = availabilityStrip(TERMS, "bn");
    expect(strip[8]).toEqual({ month: 9, name: "সেপ্টেম্বর", short: "সেপ্ট", available: true });
    expect(strip[2].available).toBe(false);
  });

  it("writes numbers, dates, quantities and prices for the language", () => {
    expect(formatNumber(1234.5, "bn")).toBe("১,২৩৪.৫");
    expect(formatNumber(1234.5, "ar")).toBe("1,234.5");
    expect(formatQuantity(25, "MT", wording("bn"))).toBe("২৫ মেট্রিক টন");
    expect(formatQuantity(25, "MT", wording("ar"))).toBe("25 طنًا متريًا");
    expect(formatQuantity(3, "MT", wording("ar"))).toBe("3 أطنان مترية");
    expect(formatLongDate("2026-12-31", "bn")).toBe("৩১ ডিসেম্বর, ২০২৬");
    expect(formatLongDate("2026-12-31", "ar")).toBe("31 ديسمبر 2026");
    expect(indicativePrice(TERMS, "2026-11-25", wording("ar"))?.text).toBe(
      "\u2066380–420\u00a0US$\u2069 لكل طن متري، FOB",
    );
    expect(indicativePrice(TERMS, "2026-11-25", wording("bn"))?.text).toBe("প্রতি মেট্রিক টন ৩৮০–৪২০\u00a0US$, FOB");
    const rows = tradeTermRows(TERMS, wording("ar"));
    // The row keeps its English label (JSON-LD and PDFs match on it); the page shows it translated.
    expect(rows.map((r) => [tradeTermLabel(r.label, wording("ar")), r.value])).toContainEqual([
      "مدة التجهيز",
      "14 يومًا",
    ]);
    expect(tradeTermRows(TERMS, wording("bn")).find((r) => r.label === "Supply Capacity")?.value).toBe(
      "প্রতি মাসে ১,৫০০ মেট্রিক টন",
    );
  });
});
