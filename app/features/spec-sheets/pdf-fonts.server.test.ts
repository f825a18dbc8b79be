import { describe, expect, it } from "vitest";
import { loadFonts } from "./pdf-fonts.server";

describe("the PDF fonts", () => {
  it("keep the text of a period drawn after an ellipsis (the ellipsis's parts are periods)", async () => {
    const fonts = await loadFonts();
    const font = fonts["latin-regular"] as unknown as {
      _cmapProcessor: { lookup(codePoint: number): number };
      _glyphs: Record<number, { codePoints: number[] } | undefined>;
    } & (typeof fonts)["latin-regular"];
    // The ellipsis's path makes its component glyphs (the period) before any "." is laid out.
    for (const glyph of fonts["latin-regular"].layout("Nashik Red…").glyphs) void glyph.path;
    const period = font._glyphs[font._cmapProcessor.lookup(46)];
    expect(period?.codePoints ?? []).toEqual([]);
    expect(fonts["latin-regular"].layout("0703.10").glyphs.map((glyph) => glyph.codePoints)).toContainEqual([46]);
    expect(period?.codePoints).toEqual([46]);
  });
});
