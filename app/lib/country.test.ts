import { describe, expect, it } from "vitest";
import {
  COUNTRY_CODES,
  countryAsWritten,
  countryChoices,
  countryCodeOf,
  countryIn,
  countryName,
  foldCountryName,
  isCountryCode,
} from "./country";

describe("countries read from what people write (issue 41)", () => {
  it("reads the Emirates however a buyer writes them", () => {
    for (const written of [
      "AE",
      "ae",
      " UAE ",
      "U.A.E.",
      "United Arab Emirates",
      "united arab emirates",
      "the Emirates",
      "الإمارات",
      "الامارات",
      "الإمارات العربية المتحدة",
      "সংযুক্ত আরব আমিরাত",
      "আমিরাত",
      "Emiratos Árabes Unidos",
      "Émirats arabes unis",
      "ОАЭ",
    ])
      expect(countryCodeOf(written), written).toBe("AE");
  });

  it("reads names in English, Arabic and Bengali, short and long, and the other spellings it knows", () => {
    expect(countryCodeOf("Bangladesh")).toBe("BD");
    expect(countryCodeOf("بنغلاديش")).toBe("BD");
    expect(countryCodeOf("বাংলাদেশ")).toBe("BD");
    expect(countryCodeOf("India")).toBe("IN");
    expect(countryCodeOf("الهند")).toBe("IN");
    expect(countryCodeOf("ভারত")).toBe("IN");
    expect(countryCodeOf("KSA")).toBe("SA");
    expect(countryCodeOf("السعودية")).toBe("SA");
    expect(countryCodeOf("المملكة العربية السعودية")).toBe("SA");
    expect(countryCodeOf("USA")).toBe("US");
    expect(countryCodeOf("UK")).toBe("GB");
    expect(countryCodeOf("Hong Kong")).toBe("HK");
    expect(countryCodeOf("Burma")).toBe("MM");
    expect(countryCodeOf("Myanmar")).toBe("MM");
    expect(countryCodeOf("Bosnia and Herzegovina")).toBe("BA");
    expect(countryCodeOf("Turkey")).toBe("TR");
    expect(countryCodeOf("Cote d'Ivoire")).toBe("CI");
    expect(countryCodeOf("Kosovo")).toBe("XK");
  });

  it("names no country for placeholders, groupings, cities, garbage and overlong text", () => {
    for (const written of ["", "  ", "XX", "T1", "EU", "UN", "ZZ", "Dubai", "Narnia", "<script>", "A".repeat(500)])
      expect(countryCodeOf(written), written).toBe("");
    expect(countryCodeOf(null)).toBe("");
    expect(countryCodeOf(undefined)).toBe("");
  });

  it("folds case, accents, Arabic vowels and letter forms, punctuation and a leading 'the'", () => {
    expect(foldCountryName("  Côte d’Ivoire ")).toBe("cote d ivoire");
    expect(foldCountryName("The Gambia")).toBe("gambia");
    expect(foldCountryName("U.A.E.")).toBe("uae");
    expect(foldCountryName("St Kitts & Nevis")).toBe("st kitts and nevis");
    expect(foldCountryName("الإمارات")).toBe(foldCountryName("الامارات"));
    expect(foldCountryName("عُمان")).toBe("عمان");
    // Bengali's vowel signs are part of its words.
    expect(foldCountryName("ভারত")).not.toBe(foldCountryName("ভরত"));
  });
});

describe("the list a buyer chooses from", () => {
  it("holds every assigned code once, and only those", () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(isCountryCode("AE")).toBe(true);
    expect(isCountryCode("ae")).toBe(false);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("EU")).toBe(false);
  });

  it("names each code in the page's language, in that language's order", () => {
    for (const lang of ["en", "ar", "bn"]) {
      const choices = countryChoices(lang);
      expect(choices.map((choice) => choice.value).sort()).toEqual([...COUNTRY_CODES].sort());
      const collator = new Intl.Collator(lang);
      for (let i = 1; i < choices.length; i++)
        expect(collator.compare(choices[i - 1]!.label, choices[i]!.label), lang).toBeLessThanOrEqual(0);
    }
    expect(countryChoices("ar")).toContainEqual({ value: "AE", label: "الإمارات العربية المتحدة" });
    expect(countryChoices("bn")).toContainEqual({ value: "BD", label: "বাংলাদেশ" });
    expect(countryChoices("en")[0]).toEqual({ value: "AF", label: "Afghanistan" });
  });
});

describe("a country as shown", () => {
  it("names a code in English for the back office, with the buyer's words where they said it otherwise", () => {
    expect(countryName("AE")).toBe("United Arab Emirates");
    expect(countryName("")).toBe("Unknown");
    expect(countryAsWritten("AE", "United Arab Emirates")).toBe("United Arab Emirates");
    expect(countryAsWritten("AE", "united arab emirates ")).toBe("United Arab Emirates");
    expect(countryAsWritten("AE", "AE")).toBe("United Arab Emirates");
    expect(countryAsWritten("AE", "UAE")).toBe("United Arab Emirates (written “UAE”)");
    expect(countryAsWritten("AE", null)).toBe("United Arab Emirates");
    expect(countryAsWritten("", "Dubai")).toBe("Dubai");
    expect(countryAsWritten("", null)).toBe("");
  });

  it("names it in the buyer's language for the buyer, else their words", () => {
    expect(countryIn("ar", "AE", "United Arab Emirates")).toBe("الإمارات العربية المتحدة");
    expect(countryIn("bn", "", "Dubai")).toBe("Dubai");
  });
});
