import { describe, expect, it } from "vitest";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { lineQuantityIn } from "./quote-text";

describe("lineQuantityIn in Arabic", () => {
  const t = wordingOf("ar").t;
  const quantity = (value: string, unit: string) => lineQuantityIn(t, { quantity: value, unit });

  it("writes the number once: one and two by the noun alone, Intl.PluralRules' form for the others", () => {
    expect(quantity("1", "40 ft container")).toBe("حاوية واحدة مقاس 40 قدمًا");
    expect(quantity("2", "40 ft container")).toBe("حاويتان مقاس 40 قدمًا");
    expect(quantity("3", "20 ft container")).toBe("3 حاويات مقاس 20 قدمًا");
    expect(quantity("11", "40 ft container")).toBe("11 حاوية مقاس 40 قدمًا");
    expect(quantity("2", "MT")).toBe("طنان متريان");
    expect(quantity("12.5", "MT")).toBe("12.5 طن متري");
    expect(quantity("1", "cartons")).toBe("كرتونة واحدة");
  });
});
