import { isCountryCode } from "~/lib/country";
import type { Language } from "~/lib/i18n/languages";

// Where a visitor is, as demand is counted (ADR 0040): a country code a proxy or CDN names, else the region of the
// page's language, else unknown (''). Never the visitor's address.

/** The country a header's value names (`IN`, `in`), or undefined for anything else (`XX`, `T1`, `India`). */
export function countryOfHeader(value: string | undefined): string | undefined {
  if (value === undefined || value.length !== 2) return undefined;
  if (isCountryCode(value)) return value;
  const upper = value.toUpperCase();
  return isCountryCode(upper) ? upper : undefined;
}

/**
 * The country a page's language points to when nothing better is known: only where most of those who read it live
 * in one country a buyer would be in (Bengali: Bangladesh; Malay: Malaysia; Indonesian; Vietnamese; Russian).
 * English, Arabic, Spanish and French are read in too many countries to name one: unknown.
 */
const LANGUAGE_COUNTRY: Record<Language, string> = {
  en: "",
  ar: "",
  bn: "BD",
  ms: "MY",
  id: "ID",
  vi: "VN",
  ru: "RU",
  es: "",
  fr: "",
};

export const countryOfLanguage = (lang: Language): string => LANGUAGE_COUNTRY[lang];
