import { describe, expect, it } from "vitest";
import { makeTranslator } from "./translate";
import type { Messages } from "./catalogue";

// The keys are the English catalogue's; a test catalogue gives them texts of its own.
const key = "layout.loading" as const;

describe("makeTranslator", () => {
  it("gives the language's text, else English's", () => {
    expect(makeTranslator("ar", { [key]: "جارٍ التحميل" })(key)).toBe("جارٍ التحميل");
    expect(makeTranslator("ar", {})(key)).toBe("Loading");
    expect(makeTranslator("en", null)(key)).toBe("Loading");
  });

  it("chooses the plural form the language's rules name, with numbers in the language's digits", () => {
    const forms: Messages = {
      [key]: {
        zero: "لا منتجات",
        one: "منتج واحد",
        two: "منتجان",
        few: "{count} منتجات",
        many: "{count} منتجًا",
        other: "{count} منتج",
      },
    };
    const t = makeTranslator("ar", forms);
    expect([0, 1, 2, 3, 11, 100].map((count) => t(key, { count }))).toEqual([
      "لا منتجات",
      "منتج واحد",
      "منتجان",
      "3 منتجات",
      "11 منتجًا",
      "100 منتج",
    ]);
    const bengali = makeTranslator("bn", { [key]: { one: "{count}টি পণ্য", other: "{count}টি পণ্য" } });
    expect(bengali(key, { count: 12 })).toBe("১২টি পণ্য");
  });

  it("replaces named placeholders and leaves unknown ones as written", () => {
    const t = makeTranslator("en", { [key]: "{name} has {count} items {other}" });
    expect(t(key, { name: "Asha", count: 1200 })).toBe("Asha has 1,200 items {other}");
  });
});
