import { describe, expect, it } from "vitest";
import { pageFromParam, pageHref, pageLinkItems } from "./pagination";

/** The row as each screen shows it, e.g. "1 … 4 5 6 … 10". */
function row(current: number, last: number, screen: "desktop" | "phone") {
  return pageLinkItems(current, last)
    .filter((item) =>
      item.kind === "page"
        ? screen === "desktop" || item.onPhone
        : screen === "desktop"
          ? item.onDesktop
          : item.onPhone,
    )
    .map((item) => (item.kind === "page" ? String(item.page) : "…"))
    .join(" ");
}

describe("page parameter", () => {
  it("reads one spelling per page and nothing else", () => {
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam("1")).toBe(1);
    expect(pageFromParam("417")).toBe(417);
    for (const bad of ["", "0", "-1", "02", "2.5", "abc", "1e3", " 2", "99999999"])
      expect(pageFromParam(bad)).toBeNull();
  });
});

describe("page links", () => {
  it("shows one page either side of the current one on a desktop, with … for the rest", () => {
    expect(row(1, 1, "desktop")).toBe("1");
    expect(row(1, 3, "desktop")).toBe("1 2 3");
    expect(row(1, 10, "desktop")).toBe("1 2 … 10");
    expect(row(4, 10, "desktop")).toBe("1 2 3 4 5 … 10");
    expect(row(5, 10, "desktop")).toBe("1 … 4 5 6 … 10");
    expect(row(10, 10, "desktop")).toBe("1 … 9 10");
    expect(row(200, 417, "desktop")).toBe("1 … 199 200 201 … 417");
  });

  it("keeps only the first, current and last page on a phone, never more than five items", () => {
    expect(row(1, 3, "phone")).toBe("1 2 3");
    expect(row(3, 10, "phone")).toBe("1 2 3 … 10");
    expect(row(4, 10, "phone")).toBe("1 … 4 … 10");
    expect(row(5, 10, "phone")).toBe("1 … 5 … 10");
    expect(row(9, 10, "phone")).toBe("1 … 9 10");
    expect(row(200, 417, "phone")).toBe("1 … 200 … 417");
    for (let current = 1; current <= 40; current++)
      expect(row(current, 40, "phone").split(" ").length).toBeLessThanOrEqual(5);
  });
});

describe("a page's address", () => {
  it("adds the page to the path, after a query of its own", () => {
    expect(pageHref("/products/onions", 1)).toBe("/products/onions");
    expect(pageHref("/products/onions", 3)).toBe("/products/onions?page=3");
    expect(pageHref("/search?q=red%20onion", 1)).toBe("/search?q=red%20onion");
    expect(pageHref("/search?q=red%20onion", 2)).toBe("/search?q=red%20onion&page=2");
  });
});
