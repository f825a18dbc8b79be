import { LANGUAGE_INFO, type Language } from "./languages";

/**
 * Unicode bidi isolates (UAX #9), for text whose direction is its own inside a sentence of another: a grade typed as
 * "45–65 mm" in an Arabic sentence reads "45–65 mm", not "mm 65–45". First-strong isolate: an Arabic grade stays
 * right to left. Browsers, mail readers and the PDFs' bidi layout (bidi-js) all honour it.
 */
export const isolated = (text: string) => (text ? `\u2068${text}\u2069` : text);

/** `text` kept left to right wherever it stands (a URL: its slashes would reorder its parts in Arabic). */
export const leftToRightIsolated = (text: string) => (text ? `\u2066${text}\u2069` : text);

/** `text` isolated on a right-to-left page (as `isolated`), as it is on a left-to-right one. */
export const isolatedIn = (lang: Language, text: string) => (LANGUAGE_INFO[lang].dir === "rtl" ? isolated(text) : text);

/** The invisible marks that steer direction (LRM, RLM, embeddings, overrides, isolates): drawn by no font. */
const BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const isBidiControl = (char: string) => BIDI_CONTROL.test(char);
export const withoutBidiControls = (text: string) => text.replace(new RegExp(BIDI_CONTROL, "g"), "");

/**
 * Codes inside right-to-left text kept left to right: "117/N/72، كانبور" would read "72/N/117" (a slash between
 * a digit and a letter is neutral, so the right-to-left paragraph reorders the parts). A code is Latin letters and
 * digits joined by slashes or dashes, with a digit in it; plain words stay as they are, so "Uttar Pradesh" keeps
 * its order.
 */
const CODE = /[A-Za-z\p{Nd}]+(?:[/\-–][A-Za-z\p{Nd}]+)+/gu;
export const codesIsolatedIn = (lang: Language, text: string) =>
  LANGUAGE_INFO[lang].dir === "rtl"
    ? text.replace(CODE, (code) => (/\p{Nd}/u.test(code) ? leftToRightIsolated(code) : code))
    : text;
