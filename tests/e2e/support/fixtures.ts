// Playwright fixtures hand their value to `use`, which is not the React hook the linter takes it for.
/* eslint-disable react-hooks/rules-of-hooks */
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Fixtures for browser tests against the main test server (serve.mjs):
 * - `adminPage`: a page signed in as admin@example.com (one sign-in per worker, its cookies reused);
 *   confirmation prompts are accepted.
 * - `seededProduct`: a product of this test only, in the demo category "Fresh Onions", removed after the test.
 * NOTE: first version; the e2e-fixtures branch replaces it with the full set (free ports, more fixtures).
 */
export const ADMIN = { email: "admin@example.com", password: "admin-password-123", name: "Asha Admin" };

interface SeededProduct {
  id: string;
  name: string;
  slug: string;
  categorySlug: string;
  url: string;
}

export const test = base.extend<{ adminPage: Page; seededProduct: SeededProduct }, { adminState: string }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const page = await browser.newPage({ baseURL: workerInfo.project.use.baseURL });
      await page.goto("/admin/login");
      await page.getByLabel("Email").fill(ADMIN.email);
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL("**/admin/dashboard");
      const file = workerInfo.project.outputDir + `/admin-state-${workerInfo.workerIndex}.json`;
      await page.context().storageState({ path: file });
      await page.close();
      await use(file);
    },
    { scope: "worker" },
  ],
  adminPage: async ({ browser, adminState, baseURL }, use) => {
    const context = await browser.newContext({ storageState: adminState, baseURL });
    const page = await context.newPage();
    page.on("dialog", (dialog) => dialog.accept());
    await use(page);
    await context.close();
  },
  seededProduct: async ({ adminPage }, use, testInfo) => {
    const unique = `${testInfo.workerIndex}-${testInfo.testId.slice(0, 8)}-${Date.now().toString(36)}`;
    const name = `Seeded Onion ${unique}`;
    const slug = `seeded-onion-${unique}`;
    const categories = await adminPage.request.get("/admin/manage-products/add");
    const html = await categories.text();
    const categoryId = html.match(/<option value="([^"]+)">Fresh Onions<\/option>/)![1];
    const response = await adminPage.request.post("/admin/manage-products/add", {
      multipart: { name, slug, category_id: categoryId, description: "A product made for one test." },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const list = await (await adminPage.request.get(`/admin/manage-products?q=${slug}`)).text();
    const id = list.match(/name="id" value="([^"]+)"/)![1];
    await use({ id, name, slug, categorySlug: "fresh-onions", url: `/products/fresh-onions/${slug}` });
    await adminPage.request.post("/admin/manage-products", { form: { intent: "delete", id }, maxRedirects: 0 });
  },
});

export { expect };
