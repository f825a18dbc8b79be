import type { Language } from "~/lib/i18n/languages";

// Where a visitor is, as demand is counted (ADR 0040): a country code a proxy or CDN names, else the region of the
// page's language, else unknown (''). Never the visitor's address.

/**
 * The ISO 3166-1 alpha-2 codes assigned to countries and territories, and XK (Kosovo, which CDNs name). Anything
 * else a header says (Cloudflare's XX for unknown and T1 for Tor, EU, lowercase, garbage) is no country.
 */
const ISO_COUNTRIES = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ " +
    "BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM " +
    "DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS " +
    "GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN " +
    "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ " +
    "MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM " +
    "PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
    "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI " +
    "VN VU WF WS XK YE YT ZA ZM ZW"
  ).split(" "),
);

/** Whether `code` is a country as counts keep it (two capital letters, an assigned ISO code). */
export const isCountryCode = (code: string) => ISO_COUNTRIES.has(code);

/** The country a header's value names (`IN`, `in`), or undefined for anything else (`XX`, `T1`, `India`). */
export function countryOfHeader(value: string | undefined): string | undefined {
  if (value === undefined || value.length !== 2) return undefined;
  if (ISO_COUNTRIES.has(value)) return value;
  const upper = value.toUpperCase();
  return ISO_COUNTRIES.has(upper) ? upper : undefined;
}

/**
 * The country a page's language points to when nothing better is known: only where most of those who read it live
 * in one country a buyer would be in (Bengali: Bangladesh; Malay: Malaysia; Indonesian; Vietnamese; Russian).
 * English, Arabic, Spanish and French are read in too many countries to name one: unknown.
 */
const LANGUAGE_COUNTRY: Record<Language, string> = {
  en: "",
  ar: "",
  bn: "BD",
  ms: "MY",
  id: "ID",
  vi: "VN",
  ru: "RU",
  es: "",
  fr: "",
};

export const countryOfLanguage = (lang: Language): string => LANGUAGE_COUNTRY[lang];

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** A country's English name for the back office ('' is "Unknown"). */
export const countryName = (code: string) => (code ? (regionNames.of(code) ?? code) : "Unknown");
