import bidiFactory from "bidi-js";
import { describe, expect, it } from "vitest";
import { codesIsolatedIn, withoutBidiControls } from "./bidi";

const bidi = bidiFactory();

/** The characters in the order a reader sees them, left to right, in a right-to-left paragraph (UAX #9). */
function shownRightToLeft(text: string) {
  const levels = bidi.getEmbeddingLevels(text, "rtl");
  const chars = [...text];
  for (const [start, end] of bidi.getReorderSegments(text, levels)) {
    chars.splice(start, end - start + 1, ...chars.slice(start, end + 1).reverse());
  }
  return withoutBidiControls(chars.join(""));
}

describe("codes in right-to-left text", () => {
  const address = "117/N/72، كاكاديو، أوتار براديش 208025، G-4";

  it("reads a code as written, where the bare paragraph reorders its parts", () => {
    // The defect (seen on /ar/contact-us): the slash between a digit and a letter is neutral.
    expect(shownRightToLeft(address)).not.toContain("117/N/72");
    const shown = shownRightToLeft(codesIsolatedIn("ar", address));
    expect(shown).toContain("117/N/72");
    expect(shown).toContain("G-4");
  });

  it("leaves words, plain numbers and left-to-right pages alone", () => {
    expect(codesIsolatedIn("ar", "Uttar Pradesh 208025")).toBe("Uttar Pradesh 208025");
    expect(codesIsolatedIn("ar", "Kakadeo-Kanpur")).toBe("Kakadeo-Kanpur");
    expect(codesIsolatedIn("en", address)).toBe(address);
    expect(codesIsolatedIn("bn", address)).toBe(address);
  });
});
