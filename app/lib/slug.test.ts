import { describe, expect, it } from "vitest";
import { slugFollowsName, slugify } from "./slug";

describe("slugs (spec §5)", () => {
  it("lowercases, trims, turns spaces to hyphens, drops non-word characters and collapses hyphens", () => {
    expect(slugify("  Nashik Red Onion  ")).toBe("nashik-red-onion");
    expect(slugify("Small Onion (Shallots)")).toBe("small-onion-shallots");
    expect(slugify("Spices & Herbs")).toBe("spices-herbs");
    expect(slugify("G4 -- Green  Chilli")).toBe("g4-green-chilli");
    expect(slugify("snake_case stays")).toBe("snake_case-stays");
    expect(slugify("!!!")).toBe("");
    expect(slugify("../../etc/passwd")).toBe("etcpasswd");
  });

  it("never starts or ends with a hyphen", () => {
    expect(slugify("Kashmiri Lahsun (लहसुन)")).toBe("kashmiri-lahsun");
    expect(slugify("(Organic) Garlic")).toBe("organic-garlic");
    expect(slugify("- Red Onion -")).toBe("red-onion");
    expect(slugify("Red ")).toBe("red");
    expect(slugify("—")).toBe("");
  });

  it("cuts to a length without leaving a hyphen at the end", () => {
    expect(slugify("Red Onion", 4)).toBe("red");
    expect(slugify("Red Onion", 5)).toBe("red-o");
  });
});

describe("a slug following its name on edit", () => {
  it("follows while empty, original or derived from the name before the keystroke; stops once edited by hand", () => {
    expect(slugFollowsName("potatoes", "Potatoes", "potatoes")).toBe(true);
    expect(slugFollowsName("potatoes-f", "Potatoes F", "potatoes")).toBe(true);
    expect(slugFollowsName("", "Potatoes F", "potatoes")).toBe(true);
    expect(slugFollowsName("spuds", "Potatoes F", "potatoes")).toBe(false);
  });
});
