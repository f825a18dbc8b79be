import { ALL_LANGUAGES } from "~/lib/i18n/languages";

/**
 * Countries as ISO 3166-1 alpha-2 codes, read from what people and proxies write: a code ("BD", "ae") or a name in
 * any of the site's languages ("Bangladesh", "الإمارات العربية المتحدة", "সংযুক্ত আরব আমিরাত"), through Intl's
 * region names, with a few common other spellings ("UAE", "KSA", "الإمارات"). Names are shown through Intl too, in
 * the reader's language (issue 41).
 */

/**
 * The codes assigned to countries and territories, and XK (Kosovo, which CDNs name): the list a buyer chooses from.
 * Anything else (Cloudflare's XX for unknown and T1 for Tor, EU, UN, garbage) is no country.
 */
export const COUNTRY_CODES: readonly string[] = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ " +
  "BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM " +
  "DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS " +
  "GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN " +
  "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ " +
  "MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM " +
  "PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
  "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI " +
  "VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

const CODES = new Set(COUNTRY_CODES);

/** Whether `code` is one of the list's codes, exactly as stored (two capital letters). */
export const isCountryCode = (code: string) => CODES.has(code);

/** Spellings Intl does not give, in the site's languages; folded when read, so "U.A.E." and "the Emirates" too. */
const OTHER_NAMES: Record<string, string> = {
  uae: "AE",
  emirates: "AE",
  ksa: "SA",
  saudi: "SA",
  usa: "US",
  america: "US",
  "united states of america": "US",
  uk: "GB",
  britain: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  holland: "NL",
  turkey: "TR",
  "czech republic": "CZ",
  "ivory coast": "CI",
  swaziland: "SZ",
  macedonia: "MK",
  macau: "MO",
  "viet nam": "VN",
  "republic of korea": "KR",
  "korea, republic of": "KR",
  // Arabic: the Emirates and Saudi Arabia as said day to day, America, Britain.
  الإمارات: "AE",
  امارات: "AE",
  "دولة الإمارات": "AE",
  "الإمارات العربية": "AE",
  السعودية: "SA",
  سعودية: "SA",
  أمريكا: "US",
  بريطانيا: "GB",
  إنجلترا: "GB",
  // Bengali: the same.
  আমিরাত: "AE",
  সৌদি: "SA",
  আমেরিকা: "US",
  ইংল্যান্ড: "GB",
  ব্রিটেন: "GB",
};

/**
 * A name as compared: case, Latin accents, Arabic short vowels and letter forms (أ إ آ → ا, ة → ه, ى → ي), dots,
 * punctuation, "&" and a leading "the" aside. Bengali's vowel signs are letters of the word and stay.
 */
export function foldCountryName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, "")
    .toLowerCase()
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .replace(/&/g, " and ")
    .replace(/\./g, "")
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim()
    .replace(/^the /, "");
}

const STYLES = ["long", "short"] as const;
let byName: Map<string, string> | undefined;

/** Every name Intl gives each code in each of the site's languages, long and short, with and without "(…)". */
function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  const names = new Map<string, string>();
  const add = (name: string, code: string) => {
    const key = foldCountryName(name);
    // The first language to name it wins (English first): a name is never taken from another country.
    if (key && !names.has(key)) names.set(key, code);
  };
  for (const [name, code] of Object.entries(OTHER_NAMES)) add(name, code);
  for (const lang of ALL_LANGUAGES)
    for (const style of STYLES) {
      const display = new Intl.DisplayNames([lang], { type: "region", style, fallback: "none" });
      for (const code of COUNTRY_CODES) {
        const name = display.of(code);
        if (!name) continue;
        add(name, code);
        // "Myanmar (Burma)": both.
        const bracket = /^(.*?)\s*\((.+)\)$/.exec(name);
        if (bracket) {
          add(bracket[1], code);
          add(bracket[2], code);
        }
      }
    }
  return (byName = names);
}

/**
 * The country's code, or '' when the text names none: a code of the list in any case, or a name in any of the
 * site's languages. XX, T1 and other proxies' placeholders, cities and garbage name none.
 */
export function countryCodeOf(text: string | null | undefined): string {
  const value = (text ?? "").trim();
  if (!value || value.length > 100) return "";
  const upper = value.toUpperCase();
  if (CODES.has(upper)) return upper;
  // Two letters that are no code may still be a name people write ("UK").
  return namesToCodes().get(foldCountryName(value)) ?? "";
}

const displays = new Map<string, Intl.DisplayNames>();
function displayIn(locale: string) {
  let display = displays.get(locale);
  if (!display) displays.set(locale, (display = new Intl.DisplayNames([locale], { type: "region", fallback: "code" })));
  return display;
}

/** The country's name in `locale` ("Bangladesh", "بنغلاديش") for a code, or "Unknown" for ''. */
export function countryName(code: string, locale = "en"): string {
  if (!code) return "Unknown";
  try {
    return displayIn(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

const choices = new Map<string, Array<{ value: string; label: string }>>();

/**
 * The list a buyer chooses their country from: every code with its name in `lang`, in that language's alphabetical
 * order (Intl.Collator). Made on the server and handed to the page: a browser's Intl may name some differently.
 * Made once per language and shared: not to be changed.
 */
export function countryChoices(lang: string): Array<{ value: string; label: string }> {
  let list = choices.get(lang);
  if (!list) {
    const collator = new Intl.Collator(lang);
    list = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, lang) })).sort(
      (a, b) => collator.compare(a.label, b.label) || (a.value < b.value ? -1 : 1),
    );
    choices.set(lang, list);
  }
  return list;
}

/**
 * The country as the back office shows it: the English name of its code, with the buyer's own words beside it when
 * they said it otherwise ("United Arab Emirates (written “UAE”)"); the words alone when they name no country.
 */
export function countryAsWritten(code: string | null | undefined, written: string | null | undefined): string {
  const words = (written ?? "").trim();
  if (!code) return words;
  const name = countryName(code);
  if (!words || words === code || foldCountryName(words) === foldCountryName(name)) return name;
  return `${name} (written “${words}”)`;
}

/** The country named for the buyer in their language: its code's name in `lang`, else the words as they wrote them. */
export const countryIn = (lang: string, code: string | null | undefined, written: string | null | undefined) =>
  code ? countryName(code, lang) : (written ?? "");
