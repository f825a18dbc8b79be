import type { ReadableVersion } from "./diff";

/** Translations as one text per language and field: "Translation (ar): name". */
export function describeTranslations(translations: Record<string, Record<string, string>> | undefined) {
  const readable: ReadableVersion = {};
  for (const [lang, fields] of Object.entries(translations ?? {}))
    for (const [field, value] of Object.entries(fields)) readable[`Translation (${lang}): ${field}`] = value;
  return readable;
}
