import { expect, test } from "./support/fixtures";
import { startExtraServer } from "./support/spawn-server";

// The public screens on a database with no content at all: every empty state of the spec.
test.describe("empty site", () => {
  let server: Awaited<ReturnType<typeof startExtraServer>>;
  test.beforeAll(async () => {
    test.setTimeout(120_000); // starts a site of its own
    server = await startExtraServer({ SEED_DEMO: "false" });
  });
  test.afterAll(async () => server?.stop());

  test("shows the spec's empty texts and built-in defaults", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Premium Indian Produce, Delivered Worldwide");
    // No contact details are invented for a site that has none (issue 27, ADR 0035): no demo address, no chat.
    await expect(page.locator("footer")).not.toContainText("Kanpur");
    await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(0);

    await page.goto(`${server.url}/our-products`);
    await expect(page.getByText("No product categories found. Please check back soon!")).toBeVisible();
    await page.goto(`${server.url}/certificates-memberships`);
    await expect(page.getByText("No Certificates Found")).toBeVisible();
    await page.goto(`${server.url}/gallery`);
    await expect(page.getByText("Our Gallery is Currently Empty")).toBeVisible();
    await page.goto(`${server.url}/blog`);
    await expect(page.getByText("No blog posts available yet.")).toBeVisible();
    await page.goto(`${server.url}/about-us`);
    await expect(page.getByText("Founder & CEO")).toBeVisible();
    await expect(
      page.getByText("Our commitment is to deliver unparalleled quality and build lasting relationships globally."),
    ).toBeVisible();
  });
});
