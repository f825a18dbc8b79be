import { describe, expect, it } from "vitest";
import { checkContainerNumber, containerCheckDigit, normalizeContainerNumber } from "./container-number";

// Letter values: A10 B12 C13 … G17 H18 … K21 L23 M24 … Q28 R29 S30 T31 U32 … Z38; position weights 1, 2, 4 … 512.

describe("normalizeContainerNumber", () => {
  it("uppercases and drops spaces, hyphens and slashes", () => {
    expect(normalizeContainerNumber("msku 123456-7")).toBe("MSKU1234567");
    expect(normalizeContainerNumber(" CSQU/305438/3 ")).toBe("CSQU3054383");
    expect(normalizeContainerNumber("tghu\t859621 2")).toBe("TGHU8596212");
  });
});

describe("containerCheckDigit", () => {
  it("computes the check digit of real-world numbers", () => {
    // ISO 6346's own example (Wikipedia): C13 + S30·2 + Q28·4 + U32·8 + 3·16 + 0·32 + 5·64 + 4·128 + 3·256 + 8·512
    // = 13 + 60 + 112 + 256 + 48 + 0 + 320 + 512 + 768 + 4096 = 6185 = 11·562 + 3.
    expect(containerCheckDigit("CSQU305438")).toBe(3);
    // M24 + S30·2 + K21·4 + U32·8 = 424; + 9·16 + 0·32 + 7·64 + 0·128 + 3·256 + 2·512 = 424 + 2384 = 2808 = 11·255 + 3.
    expect(containerCheckDigit("MSKU907032")).toBe(3);
    // T31 + G17·2 + H18·4 + U32·8 = 393; + 8·16 + 5·32 + 9·64 + 6·128 + 2·256 + 1·512 = 393 + 2656 = 3049 = 11·277 + 2.
    expect(containerCheckDigit("TGHU859621")).toBe(2);
    // 424 + 1·16 + 2·32 + 3·64 + 4·128 + 5·256 + 6·512 = 424 + 5136 = 5560 = 11·505 + 5.
    expect(containerCheckDigit("MSKU123456")).toBe(5);
  });

  it("counts a remainder of 10 as 0", () => {
    // 424 + 1·16 + 9·512 = 5048 = 11·458 + 10.
    expect(containerCheckDigit("MSKU100009")).toBe(0);
  });

  it("is null for anything that is not an owner code, a category letter and 6 digits", () => {
    expect(containerCheckDigit("MSKU12345")).toBeNull();
    expect(containerCheckDigit("MSKU1234567")).toBeNull();
    expect(containerCheckDigit("MSKX123456")).toBeNull();
    expect(containerCheckDigit("MS1U123456")).toBeNull();
    expect(containerCheckDigit("")).toBeNull();
  });
});

describe("checkContainerNumber", () => {
  it("accepts valid numbers however they are written, in their normal form", () => {
    expect(checkContainerNumber("CSQU3054383")).toEqual({ ok: true, number: "CSQU3054383" });
    expect(checkContainerNumber("msku 907032-3")).toEqual({ ok: true, number: "MSKU9070323" });
    expect(checkContainerNumber("TGHU 859621 2")).toEqual({ ok: true, number: "TGHU8596212" });
    expect(checkContainerNumber("MSKU 100009 0")).toEqual({ ok: true, number: "MSKU1000090" });
  });

  it("explains the shape when the number is not 4 letters and 7 digits", () => {
    const shape = { ok: false, message: "A container number is 4 letters and 7 digits, e.g. MSKU 123456 7." };
    for (const input of ["", "MSKU123456", "MSKU12345678", "MSK1234567", "1234567MSKU", "MSKU12345O7"]) {
      expect(checkContainerNumber(input)).toEqual(shape);
    }
  });

  it("refuses a category letter other than U, J or Z, naming it", () => {
    const result = checkContainerNumber("MSKX1234565");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(
      "The fourth letter of MSKX1234565 is X, but it must be U (a freight container), J (detachable equipment) " +
        "or Z (a trailer or chassis).",
    );
    // J and Z are categories too: A10 + B12·2 + C13·4 + J20·8 = 246 = 11·22 + 4; with Z38·8, 390 = 11·35 + 5.
    expect(checkContainerNumber("ABCJ0000004")).toEqual({ ok: true, number: "ABCJ0000004" });
    expect(checkContainerNumber("ABCZ0000005")).toEqual({ ok: true, number: "ABCZ0000005" });
  });

  it("says which digit a number with a wrong check digit should end in", () => {
    expect(checkContainerNumber("MSKU 123456 7")).toEqual({
      ok: false,
      message: "The check digit of MSKU123456 is 5, not 7: check the number on the container's door.",
    });
    expect(checkContainerNumber("CSQU3054384")).toEqual({
      ok: false,
      message: "The check digit of CSQU305438 is 3, not 4: check the number on the container's door.",
    });
    // Two digits swapped: the check digit catches it.
    expect(checkContainerNumber("MSKU9073023").ok).toBe(false);
  });
});
