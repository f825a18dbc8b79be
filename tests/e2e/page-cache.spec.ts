import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// A page served from the page cache carries the CSP its inline scripts were hashed into when it was rendered: the
// browser runs them (the page hydrates) and reports no violation.

function collectViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));
  return violations;
}

test("a cached page hydrates under its own CSP with no violation, and client navigation works", async ({ page }) => {
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
  expect(second?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);

  // React Router took over: following a link does not load a new document.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole("banner").getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  expect(violations).toEqual([]);
});
