import fs from "node:fs";
import path from "node:path";
import { create } from "fontkit";
import { describe, expect, it } from "vitest";
import { FONTS_DIR, makeWebFont, sourceOf, WEB_FONTS } from "./make-fonts";

// The committed font files are what scripts/make-fonts.ts makes, and app.css uses each for exactly its code points.
const css = fs.readFileSync(path.resolve(import.meta.dirname, "../app/app.css"), "utf8");

/** app.css's @font-face for `file`: its unicode-range as [first, last] pairs. */
function declaredRanges(file: string) {
  const face = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]).find((body) => body.includes(file));
  if (!face) return null;
  const range = /unicode-range:\s*([^;]+);/.exec(face)![1];
  return range.split(",").map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(first, 16), parseInt(last, 16)];
  });
}

describe("the Arabic and Bengali pages' fonts", () => {
  it.each(WEB_FONTS)("$file is made from the PDFs' font, unchanged since", async (font) => {
    const committed = fs.readFileSync(path.join(FONTS_DIR, font.file));
    // A different file means @expo-google-fonts or subset-font changed: `npm run fonts` and commit.
    expect((await makeWebFont(font)).equals(committed)).toBe(true);
  });

  it.each(WEB_FONTS)("$file draws every letter of the range app.css gives it that the PDFs' font has", (font) => {
    expect(declaredRanges(font.file)).toEqual(font.ranges);
    const [web, source] = [fs.readFileSync(path.join(FONTS_DIR, font.file)), sourceOf(font)].map((bytes) => {
      const face = create(bytes);
      if (!("hasGlyphForCodePoint" in face)) throw new Error("a font collection");
      return face;
    });
    const lost: string[] = [];
    let kept = 0;
    for (const [first, last] of font.ranges)
      for (let code = first; code <= last; code++)
        if (source.hasGlyphForCodePoint(code)) {
          if (web.hasGlyphForCodePoint(code)) kept++;
          else lost.push(code.toString(16));
        }
    expect(lost).toEqual([]);
    expect(kept).toBeGreaterThan(80); // the script's letters, not an empty file
  });
});
