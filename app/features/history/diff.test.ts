import { describe, expect, it } from "vitest";
import { diffLineText, diffVersions, shorten } from "./diff";

describe("diffVersions", () => {
  it("names changed texts as from → to, and lists as added and removed", () => {
    const lines = diffVersions(
      { "Minimum Order": "25 MT", Gallery: ["a.jpg", "b.jpg"], Origin: "Nashik" },
      { "Minimum Order": "28 MT", Gallery: ["b.jpg", "c.jpg"], Origin: "Nashik" },
    );
    expect(lines).toEqual([
      { label: "Minimum Order", kind: "text", from: "25 MT", to: "28 MT" },
      { label: "Gallery", kind: "list", added: ["c.jpg"], removed: ["a.jpg"] },
    ]);
    expect(lines.map(diffLineText)).toEqual(["Minimum Order: 25 MT → 28 MT", "Gallery: added c.jpg; removed a.jpg"]);
  });

  it("says a list with the same entries in another order was reordered", () => {
    const lines = diffVersions({ Gallery: ["a.jpg", "b.jpg", "c.jpg"] }, { Gallery: ["c.jpg", "a.jpg", "b.jpg"] });
    expect(lines).toEqual([{ label: "Gallery", kind: "list", added: [], removed: [], reordered: true }]);
    expect(lines.map(diffLineText)).toEqual(["Gallery: reordered"]);
    expect(diffVersions({ Gallery: ["a.jpg", "b.jpg"] }, { Gallery: ["a.jpg", "b.jpg"] })).toEqual([]);
  });

  it("shows a first version's filled fields, and shortens long texts", () => {
    expect(diffVersions(null, { Name: "Onion", Description: "" })).toEqual([
      { label: "Name", kind: "text", from: "", to: "Onion" },
    ]);
    const long = "word ".repeat(100);
    expect(shorten(long)).toHaveLength(120);
    expect(shorten(long).endsWith("…")).toBe(true);
  });
});
