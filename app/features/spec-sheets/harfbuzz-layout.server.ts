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
  // Clusters are UTF-16 offsets: each cluster's first glyph carries its characters (the PDF's ToUnicode map).
  const starts = [...new Set(shaped.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const textOf = (cluster: number) => text.slice(cluster, starts.find((start) => start > cluster) ?? text.length);
  const seen = new Set<number>();
  const glyphs: Glyph[] = shaped.map((glyph) => {
    const first = !seen.has(glyph.cluster);
    seen.add(glyph.cluster);
    const codePoints = first ? [...textOf(glyph.cluster)].map((char) => char.codePointAt(0)!) : [];
    return font.getGlyph(glyph.codepoint, codePoints);
  });
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
