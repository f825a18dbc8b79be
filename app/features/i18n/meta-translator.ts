import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import type { Messages } from "./catalogue";
import { makeTranslator, type Translate } from "./translate";

const made = new WeakMap<object, Translate>();
const english = makeTranslator(DEFAULT_LANGUAGE, null);

/**
 * A route's `meta` has no React context: the page's language and translator from the root loader's data in
 * `matches` (`{ lang, messages }`), English when it is missing (an error page).
 */
export function metaTranslator(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): {
  lang: Language;
  t: Translate;
} {
  const root = matches.find((match) => match?.id === "root")?.data as
    { lang?: Language; messages?: Messages | null } | undefined;
  const lang = root?.lang ?? DEFAULT_LANGUAGE;
  const messages = root?.messages;
  if (lang === DEFAULT_LANGUAGE || !messages) return { lang, t: english };
  let t = made.get(messages);
  if (!t) made.set(messages, (t = makeTranslator(lang, messages)));
  return { lang, t };
}
