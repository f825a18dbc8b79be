import { DEFAULT_LANGUAGE, type Language } from "./languages";

const numbers = new Map<Language, Intl.NumberFormat>();

/**
 * A number in a language's own digits and grouping ("1,234.5", "১,২৩৪.৫"), up to three decimals: every number the
 * site shows beside translated words goes through here or through `t`'s `{count}`, so a page has one digit system.
 */
export function formatNumber(value: number, lang: Language = DEFAULT_LANGUAGE): string {
  let format = numbers.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === DEFAULT_LANGUAGE ? "en-US" : lang, { maximumFractionDigits: 3 });
    numbers.set(lang, format);
  }
  return format.format(value);
}
