/**
 * Countries as ISO 3166 alpha-2 codes, read from what people and proxies write: a code ("BD", "ae") or an English
 * name ("Bangladesh", "United Arab Emirates"), through Intl's region names, with a few common other spellings.
 */

const OTHER_NAMES: Record<string, string> = {
  uae: "AE",
  "u.a.e.": "AE",
  emirates: "AE",
  ksa: "SA",
  usa: "US",
  "u.s.a.": "US",
  "united states of america": "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  "viet nam": "VN",
  "south korea": "KR",
  "republic of korea": "KR",
};

let byName: Map<string, string> | undefined;
const REGION_NAMES = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** The English name Intl gives a two-letter region code, or undefined (unassigned codes, and ZZ "Unknown Region"). */
function regionName(code: string): string | undefined {
  try {
    const name = REGION_NAMES.of(code.toUpperCase());
    return name && name !== "Unknown Region" ? name : undefined;
  } catch {
    return undefined;
  }
}

function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(OTHER_NAMES));
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = regionName(code);
      if (name) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
}

/** A two-letter code Intl knows as a region (any case). */
export const isCountryCode = (value: string) => /^[A-Za-z]{2}$/.test(value) && !!regionName(value);

/** The country's code, or '' when the text names none (XX, T1 and other proxies' placeholders included). */
export function countryCodeOf(text: string | null | undefined): string {
  const value = (text ?? "").trim();
  if (!value) return "";
  if (/^[A-Za-z]{2}$/.test(value)) return isCountryCode(value) ? value.toUpperCase() : "";
  return namesToCodes().get(value.toLowerCase()) ?? "";
}

/** The country's English name ("Bangladesh") for a code, or "Unknown" for ''. */
export function countryName(code: string, locale = "en"): string {
  if (!code) return "Unknown";
  return new Intl.DisplayNames([locale], { type: "region", fallback: "code" }).of(code) ?? code;
}
