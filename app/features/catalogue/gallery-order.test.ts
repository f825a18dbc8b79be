import { describe, expect, it } from "vitest";
import { galleryInOrder } from "./gallery-order";

describe("galleryInOrder", () => {
  const saved = ["/a.jpg", "/b.jpg", "/c.jpg"];

  it("puts the saved pictures in the order sent", () => {
    expect(galleryInOrder(saved, ["/c.jpg", "/a.jpg", "/b.jpg"])).toEqual(["/c.jpg", "/a.jpg", "/b.jpg"]);
  });

  it("keeps the saved order when no order is sent", () => {
    expect(galleryInOrder(saved, [])).toEqual(saved);
  });

  it("appends a saved picture the order leaves out, so a stale page loses nothing", () => {
    expect(galleryInOrder(saved, ["/c.jpg", "/b.jpg"])).toEqual(["/c.jpg", "/b.jpg", "/a.jpg"]);
  });

  it("ignores unknown and repeated URLs", () => {
    expect(galleryInOrder(saved, ["/x.jpg", "/b.jpg", "/b.jpg", "/a.jpg"])).toEqual(["/b.jpg", "/a.jpg", "/c.jpg"]);
  });

  it("keeps a picture saved twice twice", () => {
    expect(galleryInOrder(["/a.jpg", "/b.jpg", "/a.jpg"], ["/a.jpg", "/b.jpg"])).toEqual([
      "/a.jpg",
      "/a.jpg",
      "/b.jpg",
    ]);
    expect(galleryInOrder(["/a.jpg", "/b.jpg", "/a.jpg"], ["/b.jpg"])).toEqual(["/b.jpg", "/a.jpg", "/a.jpg"]);
  });
});
