import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";

// The Demand screen (issue 28, ADR 0040) on the main demo site: a buyer's browser views a product page, and within
// the instance's next write (10 s) the administrator sees the view under that product and the country's table.
// A headless browser says "HeadlessChrome", which isbot takes for a robot: the buyer's context names a real one.
const BUYER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test("a buyer's view of a product page shows on the Demand screen", async ({
  browser,
  adminPage: page,
  baseURL,
  uid,
}) => {
  await page.goto("/admin/demand");
  await expect(page.getByRole("heading", { level: 1, name: "Demand" })).toBeVisible();
  const row = page.getByTestId("demand-product").filter({ hasText: "Nashik Red Onion" });
  const viewsNow = async () =>
    (await row.count()) ? Number((await row.locator("td").first().innerText()).replace(/,/g, "")) : 0;
  const before = await viewsNow();

  // A visitor counts once a day per product (issue 37): a browser of its own, so a retry is counted too.
  const buyer = await browser.newContext({ userAgent: `${BUYER_AGENT} buyer-${uid}`, baseURL });
  const buyerPage = await buyer.newPage();
  await buyerPage.goto("/products/fresh-onions/nashik-red-onion");
  await expect(buyerPage.getByRole("heading", { level: 1 })).toContainText("Nashik Red Onion");
  await buyer.close();

  await expect
    .poll(
      async () => {
        await page.reload();
        return viewsNow();
      },
      { timeout: 25_000, intervals: [2_000] },
    )
    .toBeGreaterThan(before);
  await expect(page.getByTestId("demand-country").first()).toBeVisible();

  // The period switch is a link: 90 days keeps at least the same views.
  await page.getByRole("link", { name: "Last 90 days" }).click();
  await page.waitForURL(/days=90/);
  expect(await viewsNow()).toBeGreaterThan(before);

  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("the Demand screen draws the funnel and the weekly trend, with their numbers in tables", async ({
  adminPage: page,
}, info) => {
  // Issue 41: Demand was a table of numbers. The demo site has quote requests of its own (this week's).
  await page.goto("/admin/demand");
  const funnel = page.getByRole("table", { name: /^Funnel/ });
  await expect(funnel).toBeVisible();
  // Views → requests → quotes → won, each a bar beside its number and its share of the step before.
  await expect(funnel.getByRole("rowheader")).toHaveText(["Views", "Requests", "Quotes", "Won"]);
  const bars = funnel.locator("[data-bar]");
  await expect(bars).toHaveCount(4);
  // The funnel's numbers are the totals' (requests: the cards and the funnel say the same).
  const requests = await page.getByTestId("total-request").locator("dd").innerText();
  await expect(funnel.getByTestId("funnel-request")).toContainText(requests);
  if (Number(requests) > 0) expect((await bars.nth(1).boundingBox())!.width).toBeGreaterThan(0);
  // The bars are decoration: a screen reader reads the table.
  await expect(bars.first().locator("xpath=..")).toHaveAttribute("aria-hidden", "true");

  // The trend: a small chart per step (hidden from screen readers), then the weeks in a table.
  const trend = page.getByTestId("demand-trend");
  await expect(trend).toHaveAttribute("aria-hidden", "true");
  await expect(trend.locator("svg")).toHaveCount(4);
  const weeks = page.getByRole("table", { name: "Views, requests, quotes and won per week" });
  // 30 days meet five weeks (Monday to Sunday), or six when they start on a Sunday.
  const rows = await weeks.getByTestId("demand-week").count();
  expect(rows).toBeGreaterThanOrEqual(5);
  await expect(trend.locator("svg").first().locator("rect")).toHaveCount(rows);
  // The week rows add up to the totals.
  const perWeek = await weeks
    .getByTestId("demand-week")
    .evaluateAll((trs) => trs.map((tr) => Number(tr.querySelectorAll("td")[1]!.textContent!.replace(/,/g, ""))));
  expect(perWeek.reduce((a, b) => a + b, 0)).toBe(Number(requests.replace(/,/g, "")));

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`demand-${width}.png`), fullPage: true });
  }
});
