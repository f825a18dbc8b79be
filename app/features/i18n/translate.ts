import type { Language } from "~/lib/i18n/languages";
import { english, type MessageKey, type Messages } from "./catalogue";

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * `t(key, params)` for a language: its text, else English's. A plural picks the form `Intl.PluralRules` names for
 * `params.count`; `{name}` is replaced by the parameter, numbers formatted for the language (`Intl.NumberFormat`).
 */
export function makeTranslator(lang: Language, messages: Messages | null): Translate {
  // One per language and catalogue: every page render asks for its language's, and Intl's constructors cost more
  // than the rest of a translation (ADR 0059).
  const made = translators.get(messages ?? NO_MESSAGES)?.get(lang);
  if (made) return made;
  const translate = newTranslator(lang, messages);
  const byLanguage = translators.get(messages ?? NO_MESSAGES) ?? new Map<Language, Translate>();
  translators.set(messages ?? NO_MESSAGES, byLanguage.set(lang, translate));
  return translate;
}

const NO_MESSAGES = {} as Messages;
const translators = new WeakMap<Messages, Map<Language, Translate>>();

function newTranslator(lang: Language, messages: Messages | null): Translate {
  const plurals = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  return (key, params) => {
    const message = messages?.[key] ?? english[key];
    let text: string;
    if (typeof message === "string") text = message;
    else {
      const count = Number(params?.count ?? 0);
      const forms = message as Record<string, string | undefined>;
      text = forms[count === 0 && forms.zero !== undefined ? "zero" : plurals.select(count)] ?? forms.other ?? "";
    }
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === "number" ? numbers.format(value) : value;
    });
  };
}
