import { expect, test } from "./support/fixtures";

// The Demand screen on a phone (issue 41): the funnel and the weekly trend fit 390 px without scrolling sideways;
// only the wide product and country tables scroll inside their own box.
test("the Demand screen's funnel and trend fit a phone", async ({ adminPage: page }, info) => {
  await page.goto("/admin/demand");
  const funnel = page.getByRole("table", { name: /^Funnel/ });
  await expect(funnel).toBeVisible();
  const viewport = page.viewportSize()!.width;
  for (const part of [funnel, page.getByTestId("demand-trend"), page.getByTestId("demand-weeks")]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport);
  }
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport);
  await page.screenshot({ path: info.outputPath("demand-phone.png"), fullPage: true });
});
