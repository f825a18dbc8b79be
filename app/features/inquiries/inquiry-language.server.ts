import type { Db } from "~/db/database.server";
import { catalogueOf } from "~/features/i18n/catalogues.server";
import { makeTranslator, type Translate } from "~/features/i18n/translate";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfPath } from "~/lib/i18n/languages";

const translators = new Map<Language, Translate>();

/** A language's translator with everything it has (the forms' texts and the emails'), made once. */
export function translatorFor(lang: Language): Translate {
  let t = translators.get(lang);
  if (!t) translators.set(lang, (t = makeTranslator(lang, catalogueOf(lang))));
  return t;
}

/**
 * The language an inquiry is stored with (`inquiries.lang`, the receipt's language): the prefix of the path the
 * form was posted to, and only a shipped language an administrator has enabled; never a field of the form, so a
 * stranger can store nothing else than one of these codes. English otherwise.
 */
export async function inquiryLanguage(db: Db, request: Request): Promise<Language> {
  const lang = languageOfPath(new URL(request.url).pathname);
  if (lang === DEFAULT_LANGUAGE) return lang;
  const row = await db.selectFrom("languages").select("enabled").where("code", "=", lang).executeTakeFirst();
  return Number(row?.enabled) === 1 ? lang : DEFAULT_LANGUAGE;
}

/** A stored inquiry's language, for its receipt: a known code, else English. */
export const storedLanguage = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);
