import type { Font, Glyph } from "fontkit";
import * as hb from "harfbuzzjs";

/**
 * Bengali and Devanagari shaped by HarfBuzz, the engine browsers use, instead of fontkit's (issue 40): fontkit set a
 * reph or a ra-phala on the wrong letter ("মেট্রিক" printed as "মেটিক্র") and left out the mark offsets. The font
 * stays fontkit's, which pdfkit embeds and subsets; only its `layout` answers with HarfBuzz's glyphs and positions,
 * in font units as fontkit's would be (pdfkit scales them and draws each offset).
 */
export function layoutWithHarfBuzz(font: Font, bytes: Uint8Array): void {
  const shaper = new hb.Font(new hb.Face(new hb.Blob(bytes)));
  const fontkitLayout = font.layout.bind(font);
  font.layout = ((text: string, features?: unknown) =>
    INDIC.test(text) ? harfBuzzRun(font, shaper, text) : fontkitLayout(text, features as never)) as Font["layout"];
}

const INDIC = /[\u0900-\u09FF]/;

/** One buffer, emptied for each text (harfbuzzjs frees its objects when they are collected). */
let buffer: hb.Buffer | undefined;

/** What pdfkit reads of a fontkit GlyphRun: the glyphs, their positions, and the advance (summed when asked). */
function harfBuzzRun(font: Font, shaper: hb.Font, text: string) {
  buffer ??= new hb.Buffer();
  buffer.reset();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(shaper, buffer);
  const shaped = buffer.getGlyphInfosAndPositions();
  // The characters each glyph stands for (the PDF's ToUnicode map, which pdfkit keeps per glyph, first use wins): a
  // glyph that is a character's own gets that character; the rest of a cluster (conjunct and reph forms) goes to its
  // first glyph that is no character's own. Clusters are UTF-16 offsets.
  const starts = [...new Set(shaped.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const codePoints: number[][] = shaped.map(() => []);
  for (const start of starts) {
    const end = starts.find((next) => next > start) ?? text.length;
    const left = [...text.slice(start, end)].map((char) => char.codePointAt(0)!);
    const members = shaped.flatMap((glyph, i) => (glyph.cluster === start ? [i] : []));
    for (const i of members) {
      const own = left.findIndex((codePoint) => font.glyphForCodePoint(codePoint).id === shaped[i].codepoint);
      if (own >= 0) codePoints[i] = left.splice(own, 1);
    }
    const holder = members.find((i) => codePoints[i].length === 0) ?? members[0];
    codePoints[holder] = [...codePoints[holder], ...left];
  }
  const glyphs: Glyph[] = shaped.map((glyph, i) => font.getGlyph(glyph.codepoint, codePoints[i]));
  const positions = shaped.map((glyph) => ({
    xAdvance: glyph.xAdvance ?? 0,
    yAdvance: glyph.yAdvance ?? 0,
    xOffset: glyph.xOffset ?? 0,
    yOffset: glyph.yOffset ?? 0,
  }));
  return {
    glyphs,
    positions,
    // A getter, as fontkit's: pdfkit scales the positions in place, then reads the advance.
    get advanceWidth() {
      return positions.reduce((sum, position) => sum + position.xAdvance, 0);
    },
  };
}
