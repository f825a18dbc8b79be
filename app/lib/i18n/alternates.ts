import { DEFAULT_LANGUAGE, type Language, languageOfPath, localePath, pathWithoutLanguage } from "./languages";

/** The path of each available version of a page, itself included (a content page's loader gives it: h3/ADR 0030). */
export type Alternates = Partial<Record<Language, string>>;

/** A version of the page in one language. */
export interface LanguageVersion {
  lang: Language;
  path: string;
}

/**
 * Where each of the site's languages shows this page, for the language switcher: the page's own version in that
 * language when its loader names one (a translated slug), else the same path under that language's prefix (a
 * page without its text in a language still answers there, in English, saying so).
 */
export function switcherVersions(
  languages: readonly Language[],
  pathAndQuery: string,
  alternates?: Alternates | null,
): LanguageVersion[] {
  const mark = pathAndQuery.indexOf("?");
  const [path, query] = mark < 0 ? [pathAndQuery, ""] : [pathAndQuery.slice(0, mark), pathAndQuery.slice(mark)];
  const sitePath = pathWithoutLanguage(path) + query;
  return languages.map((lang) => ({ lang, path: alternates?.[lang] ?? localePath(lang, sitePath) }));
}

/**
 * The versions a page's `hreflang` links name, each of which names all the others back: the languages it is
 * available in (its loader's `alternates`, else every language of the site), English first. A page not available
 * in its own language is in no set (it links to none, so no version is left without its return link).
 */
export function hreflangVersions(
  languages: readonly Language[],
  path: string,
  alternates?: Alternates | null,
): LanguageVersion[] {
  const lang = languageOfPath(path);
  if (!alternates) return switcherVersions(languages, path);
  if (!alternates[lang]) return [];
  return languages.flatMap((l) => (alternates[l] ? [{ lang: l, path: alternates[l] }] : []));
}

/** The version search engines show a visitor whose language the site does not have: English. */
export const X_DEFAULT = DEFAULT_LANGUAGE;
