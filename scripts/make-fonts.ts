// Makes the Arabic and Bengali pages' font files from the TTFs the PDFs embed; the results are committed in
// app/assets/fonts (run again, `npm run fonts`, after updating @expo-google-fonts). ADR 0053: each file keeps its
// script's own block and every glyph the font's shaping reaches from it (joining forms, lam-alef, conjuncts,
// rephs), in WOFF2. Noto Naskh Arabic's 53 KB per weight as @fontsource cut it became 25 KB.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import subsetFont from "subset-font";
import { FONT_FILES, type FontName } from "../app/features/spec-sheets/pdf-fonts.server";

export const FONTS_DIR = path.resolve(import.meta.dirname, "../app/assets/fonts");

export interface WebFont {
  /** The file in app/assets/fonts. */
  file: string;
  /** The PDFs' font it is cut from. */
  source: FontName;
  /** The code points a page draws with it: app.css's unicode-range for it says the same (a test checks). */
  ranges: ReadonlyArray<readonly [number, number]>;
}

// The Arabic block alone: presentation forms (U+FB50–FEFF) are what shaping makes, not what anyone types, and their
// own ligature glyphs would add 13 KB a file. Bengali with the danda (U+0964–0965), which it shares with Devanagari.
const ARABIC = [[0x0600, 0x06ff]] as const;
const BENGALI = [
  [0x0964, 0x0965],
  [0x0980, 0x09fe],
] as const;

export const WEB_FONTS: readonly WebFont[] = [
  { file: "noto-naskh-arabic-400.woff2", source: "arabic-regular", ranges: ARABIC },
  { file: "noto-naskh-arabic-700.woff2", source: "arabic-bold", ranges: ARABIC },
  { file: "noto-sans-bengali-400.woff2", source: "bengali-regular", ranges: BENGALI },
  { file: "noto-sans-bengali-700.woff2", source: "bengali-bold", ranges: BENGALI },
];

/** Joiners, non-joiners and the dotted circle a lone vowel sign is drawn on: inside words, never a reason to load. */
const WITH_THE_WORDS = "\u200c\u200d\u25cc";

/** The TTF `font` is cut from. */
export const sourceOf = (font: WebFont) =>
  fs.readFileSync(createRequire(import.meta.url).resolve(FONT_FILES[font.source]));

/** The bytes of `font`'s file: the same every time for the same source (the test compares them). */
export async function makeWebFont(font: WebFont): Promise<Buffer> {
  let text = WITH_THE_WORDS;
  for (const [first, last] of font.ranges)
    for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  // Name ids 13 and 14 (the licence and its address) travel with the font, as the SIL Open Font License asks.
  return subsetFont(sourceOf(font), text, { targetFormat: "woff2", preserveNameIds: [13, 14] });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.mkdirSync(FONTS_DIR, { recursive: true });
  for (const font of WEB_FONTS) {
    const bytes = await makeWebFont(font);
    fs.writeFileSync(path.join(FONTS_DIR, font.file), bytes);
    console.log(`${font.file}: ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
