import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";
import { layoutWithHarfBuzz } from "./harfbuzz-layout.server";
import type { Script } from "./script-runs";

/**
 * The fonts the PDFs embed (and, subsetted, the Arabic and Bengali pages: scripts/make-fonts.ts): Noto Sans (Latin, Greek, Cyrillic), Noto Sans Devanagari, Noto Sans Bengali and Noto
 * Naskh Arabic, regular and bold, from the Google Fonts TTFs that `@expo-google-fonts/*` ship (SIL Open Font License
 * 1.1: embedding in documents is allowed; pdfkit embeds only the glyphs a document uses). Arabic joining forms are
 * fontkit's (pdfkit's shaper); Bengali and Devanagari conjuncts, rephs and matras are HarfBuzz's, as browsers draw
 * them (harfbuzz-layout.server.ts).
 */
export const FONT_FILES = {
  "latin-regular": "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  "latin-bold": "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  "devanagari-regular": "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf",
  "devanagari-bold": "@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf",
  "bengali-regular": "@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf",
  "bengali-bold": "@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf",
  // Naskh rather than Noto Sans Arabic: its ascender is Noto Sans's, so it sits on the same baseline.
  "arabic-regular": "@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf",
  "arabic-bold": "@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf",
} as const;

export type Weight = "regular" | "bold";
export type FontName = keyof typeof FONT_FILES;

export const fontName = (script: Script, weight: Weight): FontName => `${script}-${weight}`;

/**
 * Noto Sans's ascender (1069/1000 em). Noto Sans Devanagari's is lower (896), and pdfkit places a run by its font's
 * ascender: every run is set on this baseline instead, so the two scripts sit on one line.
 */
export const LATIN_ASCENDER = 1.069;

// Files of an installed package, read and parsed once per process. pdfkit would parse a font file again for every
// document, and fontkit's parse and layout tables cost 0.2 to 0.8 s per font and document; a parsed font is shared
// (each document still makes its own subset of the glyphs it uses).
let loaded: Promise<Record<FontName, Font>> | undefined;

/**
 * fontkit keeps each glyph it makes, with the characters it was first asked for. Drawing a composite glyph ("…" is
 * three periods) makes its parts with none, so every later "." in any PDF of the process had no text behind it: its
 * text layer read "0703810" for "0703.10" (copy, search, screen readers). A glyph asked for again with its
 * characters takes them when it had none.
 */
export function keepCharactersOfGlyphs(font: Font): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = ((id: number, characters: number[] = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && characters.length && !glyph.codePoints.length) glyph.codePoints = characters;
    return glyph;
  }) as Font["getGlyph"];
}

export function loadFonts(): Promise<Record<FontName, Font>> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const entries = await Promise.all(
      Object.entries(FONT_FILES).map(async ([name, file]) => {
        const bytes = await fs.readFile(require.resolve(file));
        const font = create(bytes);
        if (!("layout" in font)) throw new Error(`${file} is a font collection, not a font.`);
        if (name.startsWith("bengali") || name.startsWith("devanagari")) layoutWithHarfBuzz(font, bytes);
        keepCharactersOfGlyphs(font);
        return [name, font] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<FontName, Font>;
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/**
 * Shaped words by font, shared by every document. Shaping (OpenType substitutions and positioning) is most of the
 * cost of a page, and pdfkit keeps what it shaped per document only; a shaped word holds glyph ids and advances,
 * the same in any document (each maps them into its own subset when it writes them).
 */
const layoutCaches = new Map<FontName, Record<string, unknown>>();
/** Words kept per font before starting afresh (a catalogue of a few hundred products shapes a few thousand). */
const MAX_CACHED_WORDS = 20_000;

function sharedLayoutCache(name: FontName): Record<string, unknown> {
  let cache = layoutCaches.get(name);
  if (!cache || Object.keys(cache).length > MAX_CACHED_WORDS) {
    cache = Object.create(null) as Record<string, unknown>;
    layoutCaches.set(name, cache);
  }
  return cache;
}

interface FontInternals {
  _font?: { layoutCache?: Record<string, unknown> };
}

export function registerFonts(doc: PDFKit.PDFDocument, fonts: Record<FontName, Font>) {
  // pdfkit takes a fontkit font as it is (anything with `layout`), though its types list only files and bytes.
  for (const [name, font] of Object.entries(fonts)) doc.registerFont(name, font as unknown as Buffer);
  const caches = new Map((Object.keys(fonts) as FontName[]).map((name) => [name, sharedLayoutCache(name)]));
  const open = doc.font.bind(doc);
  doc.font = ((src: string, ...rest: [never, never]) => {
    open(src, ...rest);
    const font = (doc as unknown as FontInternals)._font;
    const shared = caches.get(src as FontName);
    if (font && shared && font.layoutCache !== shared) font.layoutCache = shared;
    return doc;
  }) as typeof doc.font;
}
