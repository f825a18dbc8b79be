import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./accept-language";

describe("preferredLanguage", () => {
  const enabled = ["en", "ar", "fr"] as const;
  it("takes the highest q-value among the available languages, by primary subtag", () => {
    expect(preferredLanguage("ar-AE,ar;q=0.9,en;q=0.8", enabled)).toBe("ar");
    expect(preferredLanguage("de-DE,fr;q=0.7,en;q=0.9", enabled)).toBe("en");
    expect(preferredLanguage("de-DE, fr;q=0.7", enabled)).toBe("fr");
    expect(preferredLanguage("en;q=0.5, ar", enabled)).toBe("ar");
  });
  it("is English when nothing matches, the header is missing, or a language is refused with q=0", () => {
    expect(preferredLanguage(undefined, enabled)).toBe("en");
    expect(preferredLanguage("", enabled)).toBe("en");
    expect(preferredLanguage("de, ja", enabled)).toBe("en");
    expect(preferredLanguage("ar;q=0, *", enabled)).toBe("en");
    // A language that is not enabled is not offered: Russian is shipped, but not in this list.
    expect(preferredLanguage("ru-RU", enabled)).toBe("en");
  });
  it("keeps the written order between equal q-values", () => {
    expect(preferredLanguage("fr, ar", enabled)).toBe("fr");
    expect(preferredLanguage("ar;q=0.8, fr;q=0.8", enabled)).toBe("ar");
  });
});
