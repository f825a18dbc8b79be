import type { Db } from "~/db/database.server";
import { isLanguageEnabled } from "~/features/i18n/enabled-languages.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOfPath } from "~/lib/i18n/languages";

/**
 * The language an inquiry is stored with (`inquiries.lang`, the receipt's language): the prefix of the path the
 * form was posted to, and only a shipped language an administrator has enabled; never a field of the form, so a
 * stranger can store nothing else than one of these codes. English otherwise.
 */
export async function inquiryLanguage(db: Db, request: Request): Promise<Language> {
  const lang = languageOfPath(new URL(request.url).pathname);
  if (lang === DEFAULT_LANGUAGE) return lang;
  return (await isLanguageEnabled(db, lang)) ? lang : DEFAULT_LANGUAGE;
}

/** A stored inquiry's language, for its receipt: a known code, else English. */
export const storedLanguage = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);
