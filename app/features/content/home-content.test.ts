import { describe, expect, it } from "vitest";
import { ABOUT_SECTIONS, HOME_SECTIONS, resolveSections } from "./home-content";
import { parseHeroVideo } from "./video";

describe("home content keys", () => {
  it("reads the canonical key first, then the editor's alias, then the default", () => {
    const stored = new Map([
      ["hero_title", "From the editor's key"],
      ["product_range_title", "Canonical wins"],
      ["product_range_heading", "Alias loses"],
      ["cta_title", "   "],
    ]);
    const content = resolveSections(HOME_SECTIONS, stored);
    expect(content.hero_main_title).toBe("From the editor's key");
    expect(content.product_range_title).toBe("Canonical wins");
    expect(content.cta_title).toBe(HOME_SECTIONS.find((s) => s.key === "cta_title")!.default);
    expect(content.hero_button_products).toBe("Explore Our Products");
    expect(content.hero_button_quote).toBe("Request a Quote");
    expect(content.about_button_text).toBe("Discover Our Story");
    expect(content.cta_button_text).toBe("Contact Us Today");
    expect(content.product_range_button_text).toBe("View All Products");
  });

  it("has one unique name for every key and alias", () => {
    const names = HOME_SECTIONS.flatMap((s) => [s.key, ...(s.aliases ?? [])]);
    expect(new Set(names).size).toBe(names.length);
  });

  it("defaults the about page as the spec says", () => {
    const about = resolveSections(ABOUT_SECTIONS, new Map());
    expect(about.leadership_ceo_title).toBe("Founder & CEO");
    expect(about.leadership_ceo_quote).toBe(
      "Our commitment is to deliver unparalleled quality and build lasting relationships globally.",
    );
    expect(about.about_intro_p1).toBe("");
  });
});

describe("hero video links", () => {
  it("embeds YouTube, Vimeo and direct .mp4 links the right way", () => {
    expect(parseHeroVideo("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toMatchObject({
      kind: "youtube",
      id: "dQw4w9WgXcQ",
    });
    expect(parseHeroVideo("https://youtu.be/dQw4w9WgXcQ")).toMatchObject({ kind: "youtube", id: "dQw4w9WgXcQ" });
    expect(parseHeroVideo("https://www.youtube.com/embed/dQw4w9WgXcQ")?.kind).toBe("youtube");
    expect(parseHeroVideo("https://vimeo.com/76979871")).toMatchObject({ kind: "vimeo", id: "76979871" });
    expect(parseHeroVideo("https://cdn.example.com/hero.mp4")).toEqual({
      kind: "mp4",
      src: "https://cdn.example.com/hero.mp4",
    });
  });

  it("refuses anything else", () => {
    for (const bad of [
      "",
      "javascript:alert(1)",
      "https://example.com/video.mov",
      "ftp://x/y.mp4",
      "not a url",
      "https://youtube.com/watch?v=<script>",
    ]) {
      expect(parseHeroVideo(bad), bad).toBeNull();
    }
  });
});
