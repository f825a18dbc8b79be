import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// A page served from the page cache carries the CSP it was rendered with: a public page's only script is the island
// (ADR 0058), which the browser runs under `script-src 'self'` with no violation.

function collectViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));
  return violations;
}

test("a cached page runs its script under its own CSP with no violation, and a link loads the next page", async ({
  page,
}) => {
  const violations = collectViolations(page);
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  // The first visit fills the cache; the second is answered from it (same ETag).
  const first = await page.goto("/certificates-memberships");
  const second = await page.goto("/certificates-memberships");
  expect(second?.headers()["etag"]).toBeTruthy();
  expect(second?.headers()["etag"]).toBe(first?.headers()["etag"]);
  expect(second?.headers()["content-security-policy"]).toContain("script-src 'self';");
  // The island ran (page.goto waits for its mark): the header's shadow follows the scroll.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await page.mouse.wheel(0, 400);
  await expect(page.getByRole("banner")).toHaveAttribute("data-scrolled", "true");

  // Every link is a page load, answered from the cache as well.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole("contentinfo").getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  expect(violations).toEqual([]);
});
