import { createContext, useContext, useMemo } from "react";
import { DEFAULT_LANGUAGE, LANGUAGE_INFO, type Language, localePath } from "~/lib/i18n/languages";
import type { Messages } from "./catalogue";
import { makeTranslator, type Translate } from "./translate";

export interface I18n {
  lang: Language;
  dir: "ltr" | "rtl";
  t: Translate;
  /** A site path in the page's language (`/blog` → `/ar/blog`). */
  path: (sitePath: string) => string;
}

const english: I18n = {
  lang: DEFAULT_LANGUAGE,
  dir: "ltr",
  t: makeTranslator(DEFAULT_LANGUAGE, null),
  path: (sitePath) => sitePath,
};

const I18nContext = createContext<I18n>(english);

/** The page's language for everything below (root.tsx, from its loader); the back office stays English. */
export function I18nProvider({
  lang,
  messages,
  children,
}: {
  lang: Language;
  messages: Messages | null;
  children: React.ReactNode;
}) {
  const value = useMemo<I18n>(
    () =>
      lang === DEFAULT_LANGUAGE
        ? english
        : {
            lang,
            dir: LANGUAGE_INFO[lang].dir,
            t: makeTranslator(lang, messages),
            path: (sitePath) => localePath(lang, sitePath),
          },
    [lang, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The page's language, its texts (`t`) and its paths (`path`). */
export const useI18n = () => useContext(I18nContext);
