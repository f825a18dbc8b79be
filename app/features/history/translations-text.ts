import type { ReadableVersion } from "./diff";

const label = (lang: string, field: string) => `Translation (${lang}): ${field}`;
const LABEL = /^Translation \(([a-z]{2,3}(?:-[A-Za-z0-9]+)*)\): (.+)$/;

/** Translations as one text per language and field: "Translation (ar): name". */
export function describeTranslations(translations: Record<string, Record<string, string>> | undefined) {
  const readable: ReadableVersion = {};
  for (const [lang, fields] of Object.entries(translations ?? {}))
    for (const [field, value] of Object.entries(fields)) readable[label(lang, field)] = value;
  return readable;
}

/** The language and field a History line "Translation (ar): name" names, or null for another line. */
export function translationLine(line: string): { lang: string; field: string } | null {
  const match = LABEL.exec(line);
  return match ? { lang: match[1]!, field: match[2]! } : null;
}
