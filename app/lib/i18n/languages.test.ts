import { describe, expect, it } from "vitest";
import { languageOfPath, localePath, pathWithoutLanguage } from "./languages";

describe("language prefixes", () => {
  it("reads the language from the first segment only when it is a shipped code", () => {
    expect(languageOfPath("/")).toBe("en");
    expect(languageOfPath("/ar")).toBe("ar");
    expect(languageOfPath("/ar/products/onions")).toBe("ar");
    expect(languageOfPath("/ar.data")).toBe("ar");
    expect(languageOfPath("/bn/blog/x.data")).toBe("bn");
    // A word that starts with a code is not a prefix; admin paths are never prefixed.
    expect(languageOfPath("/arabic")).toBe("en");
    expect(languageOfPath("/about-us")).toBe("en");
    expect(languageOfPath("/xx/about-us")).toBe("en");
  });

  it("goes from a path to its version in another language and back", () => {
    expect(localePath("ar", "/")).toBe("/ar");
    expect(localePath("ar", "/products/onions?page=2")).toBe("/ar/products/onions?page=2");
    expect(localePath("ar", "/?x=1")).toBe("/ar?x=1");
    expect(localePath("en", "/blog")).toBe("/blog");
    expect(pathWithoutLanguage("/ar")).toBe("/");
    expect(pathWithoutLanguage("/ar/blog")).toBe("/blog");
    expect(pathWithoutLanguage("/ar.data")).toBe("/_root.data");
    expect(pathWithoutLanguage("/blog")).toBe("/blog");
  });
});
