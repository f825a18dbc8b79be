import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";

// Dates are formatted in UTC so the server and the browser print the same day; in the page's language (English
// as en-US, as before). The back office writes its dates with lib/site-time instead, day first.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Language, month: "short" | "long") {
  const key = `${lang}:${month}`;
  let found = formats.get(key);
  if (!found) {
    const locale = lang === DEFAULT_LANGUAGE ? "en-US" : lang;
    found = new Intl.DateTimeFormat(locale, { year: "numeric", month, day: "numeric", timeZone: "UTC" });
    formats.set(key, found);
  }
  return found;
}

export const formatShortDate = (iso: string | null, lang: Language = DEFAULT_LANGUAGE) =>
  iso ? format(lang, "short").format(new Date(iso)) : "";
export const formatLongDate = (iso: string | null, lang: Language = DEFAULT_LANGUAGE) =>
  iso ? format(lang, "long").format(new Date(iso)) : "";
