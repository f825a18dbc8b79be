import { describe, expect, it } from "vitest";
import { companyKey, emailKey } from "./buyer-keys";

describe("buyer keys", () => {
  it("groups one importer's spellings", () => {
    expect(emailKey(" Rahim@Example.COM ")).toBe("rahim@example.com");
    expect(companyKey("Dhaka Traders Ltd.")).toBe(companyKey("DHAKA TRADERS LIMITED"));
    expect(companyKey("Al-Noor Foodstuff Trading LLC")).toBe(companyKey("al noor foodstuff"));
    expect(companyKey("  ")).toBeNull();
    expect(companyKey("Ltd")).toBeNull();
  });
});
