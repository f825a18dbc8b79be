import { describe, expect, it } from "vitest";
import { isolated } from "~/lib/i18n/bidi";
import { bidiLines } from "./bidi-text.server";
import { newDocument } from "./pdf-document.server";

const doc = await newDocument({ title: "t", author: "a", subject: "s", day: "2026-11-24", lang: "ar" });
const style = { size: 10 };

/** A line's runs left to right, each as a reader sees it drawn (Arabic letters reversed back to reading order). */
const drawn = (text: string, width = 10_000) =>
  bidiLines(doc, text, width, style).map((line) => line.runs.map((run) => run.drawn));

describe("bidiLines", () => {
  it("lays an Arabic sentence out right to left, with numbers and Latin words left to right", () => {
    const [line] = drawn("بصل أحمر 25 كجم FOB Nhava Sheva");
    // Left to right on the page: the Latin phrase (read last), then كجم, 25, and the first words at the right.
    expect(line.join("")).toBe("FOB Nhava Sheva مجك 25 رمحأ لصب");
    expect(line).toContain("FOB Nhava Sheva");
    expect(line).toContain("25");
  });

  it("keeps a text without Arabic letters in its own order", () => {
    for (const text of ["80–100", "< 6 %", "+91 98390 12345", "0703.10.19", "USD 380–420 per MT, FOB"])
      expect(drawn(text)[0].join("")).toBe(text);
  });

  it("reads a translated text that starts with a Latin code right to left", () => {
    expect(drawn("USD 380–420 لكل MT، FOB")[0].join("")).toBe("MT، FOB لكل USD 380–420");
  });

  it("keeps an isolated range and its unit in their own order, and draws no isolate mark", () => {
    // Without the isolate the algorithm puts the unit first: "mm 65–45 :ةجردلا".
    expect(drawn("الدرجة: 45–65 mm")[0].join("")).toBe("mm 65–45 :ةجردلا");
    const [line] = drawn(`الدرجة: ${isolated("45–65 mm")}`);
    expect(line.join("")).toBe("45–65 mm :ةجردلا");
    const [measured] = bidiLines(doc, `الدرجة: ${isolated("45–65 mm")}`, 10_000, style);
    expect(measured.width).toBeCloseTo(bidiLines(doc, "الدرجة: 45–65 mm", 10_000, style)[0].width, 3);
  });

  it("mirrors brackets in right-to-left text", () => {
    expect(drawn("الحد (25 طن)")[0].join("")).toBe("(نط 25) دحلا");
  });

  it("breaks lines at spaces in reading order: the first words go on the first line", () => {
    const lines = drawn("بصل أحمر طازج من ناشيك يشحن من ميناء JNPT", 60);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[0].join("")).toContain("لصب");
    expect(lines.at(-1)!.join("")).toContain("JNPT");
  });

  it("keeps paragraphs apart, an empty one as a blank line", () => {
    expect(drawn("أ\n\nب")).toEqual([["أ"], [], ["ب"]]);
  });
});
