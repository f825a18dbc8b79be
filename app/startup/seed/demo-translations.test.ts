import { describe, expect, it } from "vitest";
import { DEMO_TEXTS } from "./demo-translations";

describe("the demo's Bengali", () => {
  it("writes numbers in Bengali digits, as Intl does on the same pages; codes (G4, N-53, Chipsona-1) keep theirs", () => {
    // A Western digit is allowed only inside a code: next to a Latin letter, or after a letter and a hyphen.
    const western = DEMO_TEXTS.map(([, , bengali]) => bengali).filter((text) =>
      /(?<![A-Za-z\u0980-\u09FF]-?)(?<![A-Za-z0-9])[0-9]+(?![A-Za-z0-9])/.test(text),
    );
    expect(western).toEqual([]);
  });
});
