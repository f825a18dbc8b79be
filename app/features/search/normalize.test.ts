import { describe, expect, it } from "vitest";
import {
  deletions,
  foldText,
  forgivesTypo,
  indexTerms,
  parseQuery,
  variantsOf,
  withinOneEdit,
  wordsOf,
} from "./normalize";

// Each case: what a buyer types and what the catalogue says, which must fold to the same words.
const same = (typed: string, stored: string) => expect(wordsOf(typed)).toEqual(wordsOf(stored));

describe("Arabic folding", () => {
  it.each([
    ["أحمر", "احمر"], // alef with hamza above
    ["إنتاج", "انتاج"], // alef with hamza below
    ["آسيا", "اسيا"], // alef with madda
    ["ٱلبصل", "البصل"], // alef wasla
    ["مصرى", "مصري"], // alef maqsura / yeh
    ["طازجة", "طازجه"], // taa marbuta / heh
    ["بَصَلٌ", "بصل"], // harakat
    ["بـــصل", "بصل"], // tatweel
    ["مؤسسة", "موسسه"], // waw with hamza
    ["هيئة", "هييه"], // yeh with hamza
    ["کیلو", "كيلو"], // Persian keheh and yeh
    ["٠٧٠٣", "0703"], // Arabic-Indic digits
    ["۵۵", "55"], // Persian digits
  ])("%s is found by %s", (typed, stored) => same(typed, stored));

  it("indexes a word with the article under the bare word too (meilisearch#554's complaint: the article)", () => {
    expect(indexTerms("البصل الأحمر")).toEqual(expect.arrayContaining(["البصل", "بصل", "الاحمر", "احمر"]));
    expect(variantsOf("ال")).toEqual([]);
  });
});

describe("Bengali folding", () => {
  it.each([
    ["পেঁয়াজ", "পেঁযা়জ"], // য় precomposed, or য + nukta
    ["ড়", "ড"], // nukta dropped: ড় written with or without it
    ["ঢ়াকা", "ঢাকা"],
    ["রসুন\u200c", "রসুন"], // zero-width non-joiner
    ["ক্\u200dষ", "ক্ষ"], // zero-width joiner
    ["উৎপাদন", "উত্পাদন"], // khanda ta
    ["০৭০৩", "0703"], // Bengali digits
    ["৫৫ মিমি", "55 মিমি"],
    ["আলু", "আলু"], // vowel signs are part of the word, not separators
    ["পেঁয়াজ,রসুন", "পেঁয়াজ রসুন"], // punctuation separates words
    ["१२", "12"], // Devanagari digits
  ])("%s is found by %s", (typed, stored) => same(typed, stored));

  it("keeps a Bengali word whole (a Bangla query returned nothing in typesense#931 when words were split at marks)", () => {
    expect(wordsOf("নাসিকের লাল পেঁয়াজ")).toHaveLength(3);
  });
});

describe("English words", () => {
  it.each([
    ["ONIONS", "onion"],
    ["Potatoes", "potato"],
    ["garlic's", "garlic"],
    ["dehydrated", "dehydrate"],
    ["packing", "pack"],
  ])("%s is also indexed under the stem of %s", (word, stem) => {
    const stemOf = (w: string) => [...wordsOf(w), ...wordsOf(w).flatMap(variantsOf)];
    expect(stemOf(word).some((term) => stemOf(stem).includes(term))).toBe(true);
  });

  it.each([
    ["Jalapeño", "jalapeno"],
    ["CRÈME", "creme"],
    ["Ｏｎｉｏｎ", "onion"], // full-width letters
  ])("%s folds to %s", (typed, stored) => same(typed, stored));

  it("indexes an HS code under its heading and subheading: 0703 finds 070310", () => {
    expect(indexTerms("HS 070310")).toEqual(expect.arrayContaining(["070310", "0703"]));
    expect(indexTerms("HS 07031011")).toEqual(expect.arrayContaining(["0703", "070310", "07031011"]));
    expect(indexTerms("HS code 0703.10")).toEqual(expect.arrayContaining(["0703", "10", "070310"]));
  });
});

describe("a query", () => {
  it("is capped at 100 characters and 8 words, repeats and stop words left out", () => {
    expect(parseQuery("x".repeat(150)).text).toHaveLength(100);
    expect(parseQuery("one two three four five six seven eight nine ten").words).toHaveLength(8);
    expect(parseQuery("price of the onion onion").words).toEqual(["price", "onion"]);
    expect(parseQuery("of the").words).toEqual(["of", "the"]);
    expect(parseQuery("   ").words).toEqual([]);
  });

  it("treats its last word as a prefix while it is being typed", () => {
    expect(parseQuery("red onio").lastIsPrefix).toBe(true);
    expect(parseQuery("red onion ").lastIsPrefix).toBe(false);
    expect(parseQuery("o").lastIsPrefix).toBe(false);
  });
});

describe("one typo", () => {
  it("is forgiven in words of five letters or more", () => {
    expect(forgivesTypo("onion")).toBe(true);
    expect(forgivesTypo("rice")).toBe(false);
    expect(forgivesTypo("070310")).toBe(false);
  });

  it.each([
    ["onoin", "onion", true], // swapped
    ["onin", "onion", true], // left out
    ["onnion", "onion", true], // added
    ["onjon", "onion", true], // changed
    ["garlc", "garlic", true],
    ["onion", "onion", true],
    ["ninoo", "onion", false],
    ["potato", "tomato", false],
    ["পেঁয়জ", "পেঁয়াজ", true],
  ])("%s and %s: %s", (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });

  it("shares a deletion between words one edit apart", () => {
    expect(deletions("onoin").some((key) => deletions("onion").includes(key))).toBe(true);
    expect(foldText("Onion")).toBe("onion");
  });
});
