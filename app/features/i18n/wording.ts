import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import type { Messages } from "./catalogue";
import { makeTranslator, type Translate } from "./translate";

/**
 * A language and its texts: what a formatter needs to write a value for a page (`useI18n()` is one, a loader makes
 * one with `wordingOf(lang)` in catalogues.server.ts). Formatters take it last and default to English, so the back
 * office, the PDFs and JSON-LD keep their English texts.
 */
export interface Wording {
  lang: Language;
  t: Translate;
}

export const ENGLISH_WORDING: Wording = { lang: DEFAULT_LANGUAGE, t: makeTranslator(DEFAULT_LANGUAGE, null) };

const ROOT_ID = "root";

/**
 * The page's wording in a `meta` function, from the root loader's data (its language and texts): titles and
 * descriptions in the page's language. English when the root has no data.
 */
export function metaWording(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>,
): Wording {
  const match = matches.find((m) => m?.id === ROOT_ID);
  const root = (match?.loaderData ?? match?.data) as { lang?: Language; messages?: Messages | null } | undefined;
  if (!root?.lang || root.lang === DEFAULT_LANGUAGE || !root.messages) return ENGLISH_WORDING;
  let wording = made.get(root.messages);
  if (!wording) made.set(root.messages, (wording = { lang: root.lang, t: makeTranslator(root.lang, root.messages) }));
  return wording;
}

/** One wording per language's texts as the root loader sent them (the same object on every page of a visit). */
const made = new WeakMap<object, Wording>();
