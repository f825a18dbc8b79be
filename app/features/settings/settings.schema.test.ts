import { describe, expect, it } from "vitest";
import { phoneDigits } from "./settings.schema";

describe("settings the public shell shows", () => {
  it("keeps only the digits of a chat number", () => {
    expect(phoneDigits("+91 98390-12345")).toBe("919839012345");
    expect(phoneDigits("none")).toBe("");
  });
});
