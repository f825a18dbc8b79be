import { DEFAULT_LANGUAGE, type Language } from "./languages";

/**
 * The language a browser's `Accept-Language` prefers among `available` (English included or not): its ranges by
 * their q-value, highest first and in the order written when equal, each matched by its primary subtag (`ar-AE` is
 * `ar`); a range with q=0 is refused. English when no range names one of them, or the header is missing.
 */
export function preferredLanguage(header: string | null | undefined, available: readonly Language[]): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranges = header
    .slice(0, 1000)
    .split(",")
    .slice(0, 40)
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1]).find(Boolean);
      return { primary: range.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.primary && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranges) {
    if (primary === DEFAULT_LANGUAGE) return DEFAULT_LANGUAGE;
    const match = available.find((lang) => lang === primary);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
