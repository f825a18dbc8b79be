/**
 * The languages the site ships (issue 26, ADR 0030). English is the default and lives at today's URLs; every other
 * language lives under its ISO 639-1 code as a path prefix (`/ar/…`). Which of these are enabled is a setting of
 * the back office (`/admin/languages`); a language that is not enabled answers 404 under its prefix.
 */
export const SHIPPED_LANGUAGES = ["ar", "bn", "ms", "id", "vi", "ru", "es", "fr"] as const;
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];
export type Language = "en" | ShippedLanguage;

export const DEFAULT_LANGUAGE = "en" satisfies Language;
export const ALL_LANGUAGES: readonly Language[] = [DEFAULT_LANGUAGE, ...SHIPPED_LANGUAGES];

export interface LanguageInfo {
  /** The language's own name, as the switcher shows it. */
  name: string;
  /** Its English name, for the back office. */
  englishName: string;
  dir: "ltr" | "rtl";
  /** For `og:locale` (language_TERRITORY). */
  ogLocale: string;
}

export const LANGUAGE_INFO: Record<Language, LanguageInfo> = {
  en: { name: "English", englishName: "English", dir: "ltr", ogLocale: "en_US" },
  ar: { name: "العربية", englishName: "Arabic", dir: "rtl", ogLocale: "ar_AE" },
  bn: { name: "বাংলা", englishName: "Bengali", dir: "ltr", ogLocale: "bn_BD" },
  ms: { name: "Bahasa Melayu", englishName: "Malay", dir: "ltr", ogLocale: "ms_MY" },
  id: { name: "Bahasa Indonesia", englishName: "Indonesian", dir: "ltr", ogLocale: "id_ID" },
  vi: { name: "Tiếng Việt", englishName: "Vietnamese", dir: "ltr", ogLocale: "vi_VN" },
  ru: { name: "Русский", englishName: "Russian", dir: "ltr", ogLocale: "ru_RU" },
  es: { name: "Español", englishName: "Spanish", dir: "ltr", ogLocale: "es_ES" },
  fr: { name: "Français", englishName: "French", dir: "ltr", ogLocale: "fr_FR" },
};

export const isShippedLanguage = (value: unknown): value is ShippedLanguage =>
  typeof value === "string" && (SHIPPED_LANGUAGES as readonly string[]).includes(value);

export const isLanguage = (value: unknown): value is Language => value === DEFAULT_LANGUAGE || isShippedLanguage(value);

/** The alternation of the prefixes, for path patterns: `ar|bn|…`. */
export const LANGUAGE_PREFIX_PATTERN = SHIPPED_LANGUAGES.join("|");

const PREFIX = new RegExp(`^/(${LANGUAGE_PREFIX_PATTERN})(?=/|\\.data$|$)`);

/**
 * The language of a path: its first segment when that is a shipped language's code (`/ar`, `/ar/blog`, and
 * `/ar.data`, the Arabic home's data request), else English.
 */
export function languageOfPath(pathname: string): Language {
  return (PREFIX.exec(pathname)?.[1] as ShippedLanguage | undefined) ?? DEFAULT_LANGUAGE;
}

/** The path without its language prefix: `/ar/blog` → `/blog`, `/ar` → `/`; English paths as they are. */
export function pathWithoutLanguage(pathname: string): string {
  const match = PREFIX.exec(pathname);
  if (!match) return pathname;
  const rest = pathname.slice(match[0].length);
  return rest === "" ? "/" : rest === ".data" ? "/_root.data" : rest;
}

/** A site path (`/blog`, `/`, `/products/x?y`) in a language: English as it is, others under their prefix. */
export function localePath(lang: Language, path: string): string {
  if (lang === DEFAULT_LANGUAGE) return path;
  if (path === "/") return `/${lang}`;
  if (path.startsWith("/?") || path.startsWith("/#")) return `/${lang}${path.slice(1)}`;
  return `/${lang}${path}`;
}
