import { expect, type Locator, type Page } from "@playwright/test";

/** Product page and measures shared by first-screen.spec.ts and first-screen.phone.spec.ts (issue 23). */
export const ONION_PAGE = "/products/fresh-onions/nashik-red-onion";

/** The element's box in the viewport, after it is laid out; fails when it is not shown. */
export async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error("no box");
  return box;
}

export async function expectInFirstScreen(page: Page, locator: Locator) {
  const box = await boxOf(locator);
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  return box;
}
