// The site search's words (ADR 0060): the text of what is indexed and the words of a query go through the same
// folding, so a buyer finds "পেঁয়াজ" typed with or without its nukta and "أحمر" typed as "احمر". Indexing and ranking
// are the database's (SQLite FTS5, PostgreSQL tsvector); what a word is, per script, is decided here only.
import { stemmer } from "stemmer";
import { MAX_QUERY_CHARS, MAX_QUERY_WORDS } from "./search-results";

/** Arabic harakat, Quranic annotation marks and the superscript alef: writing aids a buyer may or may not type. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed]/g;
/** Tatweel (kashida), which only stretches a word. */
const TATWEEL = /\u0640/g;
/** Zero-width space, non-joiner, joiner, word joiner and BOM: Bengali keyboards put the joiners in at random. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
/** Bengali nukta (ড় is ড with a nukta once decomposed): typed either way. */
const BENGALI_NUKTA = /\u09bc/g;
/** Latin accents, once decomposed (jalapeño, crème). */
const LATIN_MARKS = /[\u0300-\u036f]/g;

/** Letters typed in more than one form, folded to one. */
const FOLDED: Record<string, string> = {
  // Alef with hamza above or below, with madda, wasla: plain alef.
  "\u0623": "\u0627",
  "\u0625": "\u0627",
  "\u0622": "\u0627",
  "\u0671": "\u0627",
  // Alef maqsura and the Persian yeh: yeh. Taa marbuta: heh. Waw and yeh with hamza: their bare letters.
  "\u0649": "\u064a",
  "\u06cc": "\u064a",
  "\u0629": "\u0647",
  "\u0624": "\u0648",
  "\u0626": "\u064a",
  // The Persian keheh: kaf.
  "\u06a9": "\u0643",
  // Bengali khanda ta: ta with a hasant (উৎপাদন = উত্পাদন).
  "\u09ce": "\u09a4\u09cd",
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(FOLDED).join("")}]`, "g");

/** Digits of the scripts the site is read in: Arabic-Indic, Persian, Devanagari and Bengali, as ASCII. */
const DIGIT_BLOCKS = [0x0660, 0x06f0, 0x0966, 0x09e6];
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef]/g;
const asciiDigit = (digit: string) => {
  const code = digit.charCodeAt(0);
  const block = DIGIT_BLOCKS.find((start) => code >= start && code <= start + 9)!;
  return String(code - block);
};

/** A word: letters, digits and the marks that belong to them (Bengali vowel signs are marks). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const LATIN_WORD = /^[a-z]+$/;
const ARABIC_ARTICLE = "\u0627\u0644";
const ARABIC_LETTER = /[\u0600-\u06ff]/;

/**
 * Text folded for search: compatibility forms, case and Latin accents, Arabic marks, tatweel and letter variants,
 * Bengali nukta and joiners, every script's digits as ASCII. Words are what is left between anything else.
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(LATIN_MARKS, "")
    .replace(ARABIC_MARKS, "")
    .replace(TATWEEL, "")
    .replace(ZERO_WIDTH, "")
    .replace(BENGALI_NUKTA, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(FOLDED_LETTERS, (letter) => FOLDED[letter])
    .replace(OTHER_DIGITS, asciiDigit);
}

/** The folded words of `text`, in order (repeats kept). */
export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/**
 * The other forms a word is indexed and searched under: an English word's stem ("onions" → "onion"), an Arabic
 * word without its article ("البصل" → "بصل"), an HS code's heading and subheading ("070310" → "0703", "070310").
 */
export function variantsOf(word: string): string[] {
  if (LATIN_WORD.test(word)) {
    if (word.length < 4) return [];
    const stem = stemmer(word);
    return stem !== word && stem.length > 1 ? [stem] : [];
  }
  if (word.startsWith(ARABIC_ARTICLE) && word.length >= 4 && ARABIC_LETTER.test(word)) return [word.slice(2)];
  if (/^\d{6,10}$/.test(word)) return [word.slice(0, 4), word.slice(0, 6)].filter((part) => part !== word);
  return [];
}

/** An HS code written with its dots ("0703.10"): also indexed as one number ("070310"), as it is also typed. */
const DOTTED_HS_CODE = /\b\d{4}(?:\.\d{2,4}){1,3}\b/g;

/** What a document is indexed under: each word and its variants, once each. */
export function indexTerms(text: string): string[] {
  const terms = new Set<string>();
  const folded = foldText(text);
  const hsCodes = (folded.match(DOTTED_HS_CODE) ?? []).map((code) => code.replace(/\./g, ""));
  for (const word of [...wordsOf(folded), ...hsCodes]) {
    terms.add(word);
    for (const variant of variantsOf(word)) terms.add(variant);
  }
  return [...terms];
}

/** Words a query skips: in nearly every English text, they would only narrow it. */
const STOP_WORDS = new Set(["a", "an", "and", "the", "of", "for", "in", "on", "to", "with", "from", "at", "by", "or"]);

export interface ParsedQuery {
  /** The query as searched: trimmed, at most MAX_QUERY_CHARS. */
  text: string;
  /** Its folded words, at most MAX_QUERY_WORDS, without repeats or stop words. */
  words: string[];
  /** Whether the last word is still being typed ("onio"): it also matches as a prefix. */
  lastIsPrefix: boolean;
}

/** A buyer's query, bounded: the first MAX_QUERY_CHARS characters and MAX_QUERY_WORDS words count. */
export function parseQuery(raw: string): ParsedQuery {
  const text = [...raw.trim()].slice(0, MAX_QUERY_CHARS).join("").trim();
  const all = [...new Set(wordsOf(text))];
  const kept = all.filter((word) => !STOP_WORDS.has(word));
  const words = (kept.length ? kept : all).slice(0, MAX_QUERY_WORDS);
  // A prefix of one letter would match most of the catalogue: a word is a prefix from its second letter on, and
  // only while it is being typed (no space after it).
  const last = words.at(-1);
  const typing = last !== undefined && wordsOf(text).at(-1) === last && !/\s$/.test(raw);
  return { text, words, lastIsPrefix: typing && [...last].length >= 2 };
}

/** Whether a word is long enough to be forgiven one typo ("onoin" for "onion"): shorter words would match too much. */
export const forgivesTypo = (word: string) => [...word].length >= 5 && !/^\d+$/.test(word);

/** Every form of `word` with one character left out: the keys a misspelt word and a stored term can share. */
export function deletions(word: string): string[] {
  const chars = [...word];
  return [...new Set(chars.map((_, i) => [...chars.slice(0, i), ...chars.slice(i + 1)].join("")))];
}

/**
 * Whether `a` and `b` are one edit apart at most: a character added, left out, changed, or two neighbours swapped
 * (optimal string alignment).
 */
export function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (x.length === y.length) {
    if (i === x.length) return true;
    const rest = (from: number) => x.slice(from).join("") === y.slice(from).join("");
    return rest(i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2));
  }
  const [longer, shorter] = x.length > y.length ? [x, y] : [y, x];
  return longer.slice(i + 1).join("") === shorter.slice(i).join("");
}
