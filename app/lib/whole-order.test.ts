import { describe, expect, it } from "vitest";
import { moved, wholeOrderProblem } from "./whole-order";

describe("wholeOrderProblem", () => {
  const current = ["a", "b", "c"];
  it("accepts any reordering of every entry", () => {
    expect(wholeOrderProblem(current, ["c", "a", "b"], "item")).toBeNull();
  });
  it("names an unknown, a repeated and a missing entry", () => {
    expect(wholeOrderProblem(current, ["a", "b", "x"], "item")).toMatch(/does not exist/);
    expect(wholeOrderProblem(current, ["a", "a", "b", "c"], "item")).toMatch(/twice/);
    expect(wholeOrderProblem(current, ["a", "c"], "item")).toMatch(/leaves out one item/);
    expect(wholeOrderProblem(current, [], "item")).toMatch(/leaves out 3 items/);
  });
});

describe("moved", () => {
  it("moves one entry, the others keeping their order", () => {
    expect(moved([1, 2, 3, 4, 5, 6, 7, 8], 7, 0)).toEqual([8, 1, 2, 3, 4, 5, 6, 7]);
    expect(moved([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moved([1, 2, 3], 0, 99)).toEqual([2, 3, 1]);
  });
});
