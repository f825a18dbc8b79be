import type { Page } from "@playwright/test";
import { expect, MAIN_ADMIN as ADMIN, MAIN_USER as USER, test } from "./support/fixtures";
import { startExtraServer } from "./support/spawn-server";

// The sign-in form itself, so these tests sign in through it rather than with the adminPage fixture.

async function fillLogin(page: Page, who: { email: string; password: string }) {
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
}

test.describe("sign-in and the admin guard", () => {
  test("an admin signs in: 'Logging in...', the success notice, then the dashboard with its counts", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByText("This area is restricted. For authorized personnel only.")).toBeVisible();
    // Hold the answer back a little so the submitting state can be seen.
    await page.route("**/admin/login.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await fillLogin(page, ADMIN);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    await expect(page.getByTestId("toast")).toContainText("Login Successful");
    await page.waitForURL("**/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    for (const label of ["Total Products", "Total Categories", "Admin Users", "Blog Posts"]) {
      await expect(page.getByTestId(`stat-${label}`)).toBeVisible();
    }
    await expect(page.getByTestId("stat-Admin Users")).toContainText("1");
    await expect(page.getByTestId("stat-Total Categories")).toContainText("5");
    await expect(page.getByTestId("stat-Blog Posts")).toContainText("4");
    await expect(page.getByRole("link", { name: /Manage Products/ })).toHaveAttribute("href", "/admin/manage-products");
  });

  test("a wrong password says 'Login Failed' / 'Invalid email or password.' and stays on the login", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    await fillLogin(page, { email: ADMIN.email, password: "not-the-password" });
    await page.getByRole("button", { name: "Login" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Login Failed");
    await expect(toast).toContainText("Invalid email or password.");
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a signed-in non-admin is denied and signed out", async ({ page, context }) => {
    await page.goto("/admin/login");
    await fillLogin(page, USER);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByTestId("toast")).toContainText("Access Denied");
    await expect(page.getByTestId("toast")).toContainText("You do not have administrative privileges.");
    expect((await context.cookies()).filter((c) => c.name === "session")).toEqual([]);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  });

  test("the guard sends an anonymous visitor to the login and back to where they were going", async ({ page }) => {
    await page.goto("/admin/dashboard?from=bookmark");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard%3Ffrom%3Dbookmark$/);
    await fillLogin(page, ADMIN);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/admin/dashboard?from=bookmark");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });

  test("logout signs the admin out and the guard applies again", async ({ page }) => {
    await page.goto("/admin/login");
    await fillLogin(page, ADMIN);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/admin/login");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  });

  test("the one-time setup link printed at start creates the first admin, then stops working", async ({ page }) => {
    test.setTimeout(120_000); // starts a site of its own
    const server = await startExtraServer({ SEED_DEMO: "false" });
    try {
      const link = server.output().match(/\[setup\] (http:\/\/\S+\/admin\/setup\?token=[\w-]+)/)?.[1];
      expect(link, server.output()).toBeTruthy();
      const setupUrl = link!.replace(/^http:\/\/[^/]+/, server.url);
      await page.goto(setupUrl);
      await page.getByLabel("Full Name").fill("Priya Founder");
      await page.getByLabel("Email").fill("priya@example.com");
      await page.getByRole("textbox", { name: "Password", exact: true }).fill("short");
      await page.getByLabel("Confirm Password").fill("short");
      // The browser itself holds back a password under 12 characters.
      await page.getByRole("button", { name: "Create Administrator" }).click();
      await expect(page).toHaveURL(/\/admin\/setup\?token=/);
      await page.getByRole("textbox", { name: "Password", exact: true }).fill("a-strong-password-1");
      await page.getByLabel("Confirm Password").fill("a-strong-password-1");
      await page.getByRole("button", { name: "Create Administrator" }).click();
      await page.waitForURL(`${server.url}/admin/dashboard`);
      await expect(page.getByTestId("stat-Admin Users")).toContainText("1");
      await expect(page.getByTestId("stat-Total Products")).toContainText("0");

      await page.goto(setupUrl);
      await expect(page.getByText("This setup link is invalid or has already been used.")).toBeVisible();
    } finally {
      await server.stop();
    }
  });
});
