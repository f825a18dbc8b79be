import { describe, expect, it } from "vitest";
import { isLotCode, lotPath, lotUrl, newLotCode, normaliseLotCode } from "./lot-code";

describe("newLotCode", () => {
  it("is twelve Crockford base32 characters in three groups of four", () => {
    for (let i = 0; i < 200; i++) {
      const code = newLotCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(isLotCode(code)).toBe(true);
      expect(normaliseLotCode(code)).toBe(code);
    }
  });

  it("draws at random: no repeats, and every character of the alphabet appears in every place", () => {
    const codes = Array.from({ length: 5000 }, () => newLotCode().replace(/-/g, ""));
    expect(new Set(codes).size).toBe(codes.length);
    // 5000 draws of 32 letters: a place missing one would mean a biased or fixed position.
    for (let place = 0; place < 12; place++) {
      expect(new Set(codes.map((code) => code[place])).size).toBe(32);
    }
  });

  it("does not follow from the previous code", () => {
    const a = newLotCode().replace(/-/g, "");
    const b = newLotCode().replace(/-/g, "");
    const same = [...a].filter((char, i) => b[i] === char).length;
    expect(same).toBeLessThan(8);
  });
});

describe("isLotCode", () => {
  it("accepts only the canonical printed form", () => {
    expect(isLotCode("7K2M-Q9XD-4HNB")).toBe(true);
    expect(isLotCode("7k2m-q9xd-4hnb")).toBe(false);
    expect(isLotCode("7K2MQ9XD4HNB")).toBe(false);
    expect(isLotCode("7K2M-Q9XD-4HN")).toBe(false);
    expect(isLotCode("7K2M-Q9XD-4HNBX")).toBe(false);
    expect(isLotCode("7K2M-Q9XD-4HNU")).toBe(false); // U is not in Crockford's alphabet
    expect(isLotCode("7K2M-Q9OD-4HNB")).toBe(false); // nor O
    expect(isLotCode(" 7K2M-Q9XD-4HNB")).toBe(false);
    expect(isLotCode("")).toBe(false);
  });
});

describe("normaliseLotCode", () => {
  it("reads what a person types into the canonical code", () => {
    expect(normaliseLotCode("7k2m-q9xd-4hnb")).toBe("7K2M-Q9XD-4HNB");
    expect(normaliseLotCode("7K2MQ9XD4HNB")).toBe("7K2M-Q9XD-4HNB");
    expect(normaliseLotCode(" 7K2M Q9XD 4HNB ")).toBe("7K2M-Q9XD-4HNB");
    expect(normaliseLotCode("7K2-MQ9X-D4HNB")).toBe("7K2M-Q9XD-4HNB");
    // Crockford: O reads as zero, I and L as one.
    expect(normaliseLotCode("OIL0-0000-0000")).toBe("0110-0000-0000");
  });

  it("refuses what cannot be a lot code", () => {
    expect(normaliseLotCode("")).toBeNull();
    expect(normaliseLotCode("7K2M-Q9XD-4HN")).toBeNull();
    expect(normaliseLotCode("7K2M-Q9XD-4HNBB")).toBeNull();
    expect(normaliseLotCode("7K2M-Q9XD-4HNU")).toBeNull();
    expect(normaliseLotCode("7K2M/Q9XD/4HNB")).toBeNull();
    expect(normaliseLotCode("../../etc/passwd")).toBeNull();
    expect(normaliseLotCode("7K2M-Q9XD-4HNB".repeat(10))).toBeNull();
  });
});

describe("lotPath", () => {
  it("is the public lot page", () => {
    expect(lotPath("7K2M-Q9XD-4HNB")).toBe("/lots/7K2M-Q9XD-4HNB");
  });

  it("is a full address from the site's origin, with or without its slash", () => {
    expect(lotUrl("https://example.com", "7K2M-Q9XD-4HNB")).toBe("https://example.com/lots/7K2M-Q9XD-4HNB");
    expect(lotUrl("https://example.com/", "7K2M-Q9XD-4HNB")).toBe("https://example.com/lots/7K2M-Q9XD-4HNB");
  });
});
