import { z } from "zod";
import { defineForm, firstError, integer } from "~/lib/forms/submission";
import {
  isRateCurrency,
  MAX_MAX_AGE_DAYS,
  MIN_MAX_AGE_DAYS,
  TYPO_FACTOR,
  USUAL_RATE,
  type RateCurrency,
} from "./rates";

// The back office's exchange-rate forms (issue 43), checked in the browser and by the action. "Not in the future"
// needs the day, so the action checks it (`saveExchangeRate`).

export const CURRENCY_REQUIRED = "Choose a currency.";
export const RATE_FORMAT = "Enter the rate as a number with a decimal point, like 3.6725 (no commas or spaces).";
export const RATE_RANGE = "The rate must be more than 0 and at most 1,000,000.";
export const DATE_REQUIRED = "Rate date is required.";
export const DATE_FORMAT = "Rate date must be a real date (YYYY-MM-DD).";

/** Up to 7 digits before the point and 6 after: 16250.5, 0.3071, 3.6725. */
const DECIMAL = /^\d{1,7}(?:\.\d{1,6})?$/;

/** What is wrong with a rate typed for a currency (a slipped decimal point: 36.725 AED), or null. */
export function rateTypo(currency: RateCurrency, rate: number): string | null {
  const usual = USUAL_RATE[currency];
  if (rate <= usual * TYPO_FACTOR && rate >= usual / TYPO_FACTOR) return null;
  return `One US dollar is usually about ${usual} ${currency}; ${rate} is more than ${TYPO_FACTOR} times ${
    rate > usual ? "that" : "less"
  }. Check the decimal point: the rate is how many ${currency} one US dollar buys.`;
}

export const exchangeRateForm = defineForm(
  z
    .object({
      currency: z
        .string({ error: CURRENCY_REQUIRED })
        .trim()
        .min(1, CURRENCY_REQUIRED)
        .max(3, CURRENCY_REQUIRED)
        .refine(isRateCurrency, "Choose one of the listed currencies."),
      rate: z
        .string({ error: "Rate is required." })
        .trim()
        .min(1, "Rate is required.")
        .max(20, RATE_FORMAT)
        .regex(DECIMAL, RATE_FORMAT)
        .refine((typed) => Number(typed) > 0 && Number(typed) <= 1_000_000, RATE_RANGE),
      rate_date: z.string({ error: DATE_REQUIRED }).trim().min(1, DATE_REQUIRED).pipe(z.iso.date(DATE_FORMAT)),
    })
    .superRefine(({ currency, rate }, ctx) => {
      if (!isRateCurrency(currency) || !DECIMAL.test(rate)) return;
      const typo = rateTypo(currency, Number(rate));
      if (typo) ctx.addIssue({ code: "custom", path: ["rate"], message: typo });
    }),
  (errors) => ({ title: "Rate Not Saved", description: firstError(errors), variant: "destructive" }),
);
export type ExchangeRateValues = z.output<typeof exchangeRateForm.schema>;

export const MAX_AGE_LABEL = "Longest a rate may be used";

export const maxAgeForm = defineForm(
  z.object({
    max_age_days: integer(MAX_AGE_LABEL, { min: MIN_MAX_AGE_DAYS, max: MAX_MAX_AGE_DAYS }).refine(
      (days) => days !== undefined,
      `${MAX_AGE_LABEL} is required.`,
    ),
  }),
  (errors) => ({ title: "Setting Not Saved", description: firstError(errors), variant: "destructive" }),
);
