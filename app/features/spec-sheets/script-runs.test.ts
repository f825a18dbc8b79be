import { describe, expect, it } from "vitest";
import { hasDevanagari, scriptRuns } from "./script-runs";

describe("scriptRuns", () => {
  it("keeps Latin text in one run", () => {
    expect(scriptRuns("Nashik Red Onion, 45–65 mm (2024)")).toEqual([
      { script: "latin", text: "Nashik Red Onion, 45–65 mm (2024)" },
    ]);
  });

  it("splits Latin and Devanagari, with spaces and punctuation staying in the run they follow", () => {
    expect(scriptRuns("Red Onion (लाल प्याज़) from Nashik")).toEqual([
      { script: "latin", text: "Red Onion (" },
      { script: "devanagari", text: "लाल प्याज़) " },
      { script: "latin", text: "from Nashik" },
    ]);
  });

  it("gives leading neutral characters to the first run's script", () => {
    expect(scriptRuns("— हल्दी।")).toEqual([{ script: "devanagari", text: "— हल्दी।" }]);
    expect(scriptRuns("12 kg")).toEqual([{ script: "latin", text: "12 kg" }]);
  });

  it("keeps joiners and virama sequences inside the Devanagari run (conjuncts stay whole)", () => {
    const word = "क्\u200Dष श्री";
    expect(scriptRuns(word)).toEqual([{ script: "devanagari", text: word }]);
  });

  it("draws text of neutral characters only in the Latin font, and nothing for empty text", () => {
    expect(scriptRuns("₹ 2,500 / 40")).toEqual([{ script: "latin", text: "₹ 2,500 / 40" }]);
    expect(scriptRuns("")).toEqual([]);
  });

  it("gives the text back when the runs are joined", () => {
    const text = "Onion प्याज़, Garlic लहसुन & Turmeric हल्दी — 100% natural";
    expect(
      scriptRuns(text)
        .map((r) => r.text)
        .join(""),
    ).toBe(text);
  });

  it("tells whether a text has Devanagari", () => {
    expect(hasDevanagari("plain")).toBe(false);
    expect(hasDevanagari("plain हिंदी")).toBe(true);
  });
});
