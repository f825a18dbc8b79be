/**
 * Splitting text into runs for the PDF's fonts. pdfkit draws each run in one font and has no fallback, so a Hindi
 * word in a Latin font would print as empty boxes: Devanagari goes to Noto Sans Devanagari, Bengali to Noto Sans
 * Bengali, Arabic to Noto Naskh Arabic, the rest to Noto Sans. Spaces, digits and punctuation (which every font has)
 * stay in the run they sit in, so a Hindi phrase keeps its spacing and "प्याज़ (2024)" is not cut into three fonts.
 * (Right-to-left text is split by `bidi-text.server.ts`, which also orders the runs.)
 */
export type Script = "latin" | "devanagari" | "bengali" | "arabic";

export interface ScriptRun {
  script: Script;
  text: string;
}

/** Characters of the Devanagari script, with those it shares (the danda, Vedic signs). */
const DEVANAGARI = /\p{scx=Devanagari}/u;
const BENGALI = /\p{scx=Bengali}/u;
const ARABIC = /\p{scx=Arabic}/u;
/** The danda and double danda, which Hindi and Bengali share: they stay in the run they end. */
const SHARED_INDIC = /[\u0964\u0965]/;

/**
 * Characters both fonts draw, which take the script of the text around them: whitespace, ASCII digits and
 * punctuation, general punctuation (dashes, quotes, ZWJ/ZWNJ that join Devanagari conjuncts) and the rupee sign.
 */
const NEUTRAL = /[\s\u0021-\u0040\u005B-\u0060\u007B-\u007E\u00A0\u00B0\u00D7\u2000-\u206F\u20B9]/;

/** The script of a letter, or null for a neutral character. */
export const scriptOf = (char: string): Script | null =>
  NEUTRAL.test(char) || SHARED_INDIC.test(char)
    ? null
    : DEVANAGARI.test(char)
      ? "devanagari"
      : BENGALI.test(char)
        ? "bengali"
        : ARABIC.test(char)
          ? "arabic"
          : "latin";

/** The text as runs of one script each, in order; joined again they give the text back. */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let current: ScriptRun | null = null;
  let leading = "";
  for (const char of text) {
    const script = scriptOf(char);
    if (!current) {
      if (script === null) {
        leading += char;
        continue;
      }
      current = { script, text: leading + char };
      runs.push(current);
      continue;
    }
    if (script === null || script === current.script) {
      current.text += char;
    } else {
      current = { script, text: char };
      runs.push(current);
    }
  }
  // Only neutral characters: the Latin font draws them.
  if (!current && leading) runs.push({ script: "latin", text: leading });
  return runs;
}

/** Whether the text needs the Devanagari font anywhere. */
export const hasDevanagari = (text: string) => DEVANAGARI.test(text);

/** Whether the text has Bengali: pdftotext then needs its logical order spelt out (ActualText). */
export const hasBengali = (text: string) => BENGALI.test(text);

/** Whether a character is Arabic script (letters, Arabic-Indic digits, marks). */
export const isArabic = (char: string) => ARABIC.test(char);
