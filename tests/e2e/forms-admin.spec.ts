import { execFileSync } from "node:child_process";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, MAIN_ADMIN as ADMIN, test, waitForHydrationOnNavigation } from "./support/fixtures";
import { startSiteWithAdmin } from "./support/spawn-server";

// The sign-in, contact, role, page-editor and not-found screens through the one form layer: a refused form marks
// its fields (aria-invalid), says why next to each, keeps what was typed and shows the spec's toast.

const toast = (page: Page) => page.getByTestId("toast");
const messageOf = (field: Locator) => field.evaluate((el) => document.getElementById(`${el.id}-error`)?.textContent);

test.describe("sign-in", () => {
  test("an empty form marks both fields, says why and shows 'Login Failed'", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Login" }).click();
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    expect(await messageOf(email)).toBe("Email is required.");
    expect(await messageOf(password)).toBe("Password is required.");
    await expect(toast(page)).toContainText("Login Failed");
    await expect(toast(page)).toContainText("Email and password are required.");
    await expect(email).toBeFocused();
    // Typing clears the field's mark.
    await email.fill("admin@");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a wrong password says 'Login Failed' and keeps the email", async ({ page }) => {
    // One wrong attempt only: the throttle counts 5 per address, and every test here comes from 127.0.0.1.
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(toast(page)).toContainText("Login Failed");
    await expect(toast(page)).toContainText("Invalid email or password.");
    await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("the right password: the success notice shows on the login page, then the dashboard 1.5 s later", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    waitForHydrationOnNavigation(page);
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(toast(page)).toContainText("Login Successful");
    const shown = Date.now();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    await page.waitForURL("**/admin/dashboard");
    expect(Date.now() - shown).toBeGreaterThan(1000);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    // The notice lasts 2 s: it is still there as the dashboard opens, and then goes.
    await expect(toast(page)).toHaveCount(0, { timeout: 3000 });
    await context.close();
  });

  test("without JavaScript the server's redirect signs in at once", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/admin/login?redirectTo=%2Fadmin%2Finquiries");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/admin/inquiries");
    await expect(page.getByRole("heading", { name: "Inquiries", level: 1 })).toBeVisible();
    await context.close();
  });
});

test("contact: an empty or partial form marks the fields, says why and keeps what was typed", async ({ page }) => {
  await page.goto("/contact-us");
  await page.getByLabel("Phone Number").fill("+91 98390 12345");
  await page.getByLabel("Message").fill("Please quote 1 x 40 ft reefer.");
  await page.getByRole("button", { name: "Send Message" }).click();
  for (const [label, message] of [
    ["Full Name", "Full Name is required."],
    ["Email Address", "Email Address is required."],
    ["Subject", "Subject is required."],
  ]) {
    const field = page.getByLabel(label);
    await expect(field, label).toHaveAttribute("aria-invalid", "true");
    expect(await messageOf(field)).toBe(message);
  }
  await expect(page.getByLabel("Message")).not.toHaveAttribute("aria-invalid", "true");
  await expect(toast(page)).toContainText("Missing Fields");
  await expect(toast(page)).toContainText("Full Name, Email Address, Subject and Message are required.");
  await expect(page.getByLabel("Phone Number")).toHaveValue("+91 98390 12345");
  await expect(page.getByLabel("Message")).toHaveValue("Please quote 1 x 40 ft reefer.");

  await page.getByLabel("Full Name").fill("Ahmed Al Mansouri");
  await page.getByLabel("Email Address").fill("not-an-email");
  await page.getByLabel("Subject").fill("Reefer quote");
  await page.getByRole("button", { name: "Send Message" }).click();
  expect(await messageOf(page.getByLabel("Email Address"))).toBe("Please enter a valid email address.");
  await expect(page.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full Name")).toHaveValue("Ahmed Al Mansouri");
});

test("user role: demoting yourself asks first, and dismissing keeps you an administrator", async ({ adminPage }) => {
  const page = adminPage;
  // The fixture accepts every prompt; this test answers this one itself.
  page.removeAllListeners("dialog");
  const prompts: string[] = [];
  page.on("dialog", (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/admin/user-management");
  await page.getByRole("link", { name: `Edit role of ${ADMIN.name}` }).click();
  await expect(page.getByText("This is your own account: changing it to user signs you out.")).toBeVisible();
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("user");
  await page.getByRole("button", { name: "Update Role" }).click();
  await expect
    .poll(() => prompts)
    .toEqual(["Change your own role to user? You will be signed out and no longer have access to the back office."]);
  await expect(page).toHaveURL(/\/admin\/user-management\/edit\//);
  await page.goto("/admin/user-management");
  await expect(page.getByRole("row").filter({ hasText: ADMIN.name })).toContainText("admin");
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test.describe("page editor", () => {
  test("an invalid hero video link is marked with its message and the spec's toast; typed values stay", async ({
    adminPage: page,
  }) => {
    // Refused in the browser, so nothing reaches the main site's home page that other tests read.
    await page.goto("/admin/edit-pages/home");
    await page.getByLabel("Hero Title").fill("A title typed before the mistake");
    const video = page.getByLabel("Hero Video URL (YouTube, Vimeo or .mp4)");
    await video.fill("https://example.com/film.avi");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(video).toHaveAttribute("aria-invalid", "true");
    expect(await messageOf(video)).toBe("Use a YouTube, Vimeo or direct .mp4 link.");
    await expect(toast(page)).toContainText("Error saving Hero Video URL (YouTube, Vimeo or .mp4)");
    await expect(toast(page)).toContainText("Use a YouTube, Vimeo or direct .mp4 link.");
    await expect(video).toBeFocused();
    await expect(video).toHaveValue("https://example.com/film.avi");
    await expect(page.getByLabel("Hero Title")).toHaveValue("A title typed before the mistake");
    await expect(page).toHaveURL(/\/admin\/edit-pages\/home$/);
  });

  for (const [path, label] of [
    ["/admin/edit-pages/home", "Save"],
    ["/admin/edit-pages/about-us", "Save All"],
  ] as const) {
    test(`${path}: one Save button, in view mid-page and never over the last field, on desktop and phone`, async ({
      adminPage: page,
    }) => {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        const main = page.getByRole("main");
        await expect(main.locator('button[type="submit"]')).toHaveCount(1);
        const save = main.getByRole("button", { name: label, exact: true });
        await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2));
        await expect(save).toBeInViewport();
        // At the very end the bar sits below the last field instead of over it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const lastField = main.locator("input:not([type=hidden]), textarea").last();
        const bar = page.locator("[data-sticky-actions]");
        const [fieldBox, barBox] = [await lastField.boundingBox(), await bar.boundingBox()];
        expect(fieldBox!.y + fieldBox!.height, `${viewport.width}px`).toBeLessThanOrEqual(barBox!.y);
        await expect(save).toBeInViewport();
      }
    });
  }
});

test.describe("admin not-found pages", () => {
  for (const [path, heading, title] of [
    ["/admin/manage-products/edit/unknown", "Product not found", "Product not found | Admin"],
    ["/admin/nope", "Oops! Page Not Found.", "Page Not Found | Admin"],
  ]) {
    test(`${path} keeps the admin header with the name and has a title`, async ({ adminPage: page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("banner")).toContainText(ADMIN.name);
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(page).toHaveTitle(title);
    });
  }
});

// The paths that change accounts or send messages run on a site of their own.
test.describe("on a site of its own", () => {
  test.describe.configure({ mode: "serial" });
  const OWNER = { name: "Forms Owner", email: "owner@example.com", password: "owner-password-12" };
  const SECOND = { name: "Second Admin", email: "second@example.com", password: "second-password-12" };
  let site: Awaited<ReturnType<typeof startSiteWithAdmin>>;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    site = await startSiteWithAdmin(browser, OWNER);
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/user-add.ts",
        ...["--email", SECOND.email, "--password", SECOND.password, "--role", "admin", "--name", SECOND.name],
      ],
      { env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: "" } },
    );
  });
  test.afterAll(async () => {
    await site?.page.close();
    await site?.server.stop();
  });

  async function signIn(browser: Browser, who: { email: string; password: string }, javaScriptEnabled = true) {
    const context = await browser.newContext({ baseURL: site.server.url, javaScriptEnabled });
    const page = await context.newPage();
    if (javaScriptEnabled) waitForHydrationOnNavigation(page);
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/admin/dashboard");
    return page;
  }

  test("contact: a valid message says 'Message Sent!' and the form is cleared", async () => {
    const page = site.page;
    await page.goto("/contact-us");
    await page.getByLabel("Full Name").fill("Ahmed Al Mansouri");
    await page.getByLabel("Email Address").fill("ahmed@example.ae");
    await page.getByLabel("Subject").fill("Red onions 55mm+");
    await page.getByLabel("Message").fill("Please quote 2 containers CIF Jebel Ali.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page)).toContainText("Message Sent!");
    await expect(toast(page)).toContainText("Thank you for contacting us. We will get back to you shortly.");
    for (const label of ["Full Name", "Email Address", "Subject", "Message"])
      await expect(page.getByLabel(label), label).toHaveValue("");
  });

  test("the page editor refused by the server (no JavaScript): field marked, message, typed values kept", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: site.server.url,
      javaScriptEnabled: false,
      storageState: await site.page.context().storageState(),
    });
    const page = await context.newPage();
    await page.goto("/admin/edit-pages/home");
    await page.getByLabel("Hero Title").fill("Typed without JavaScript");
    await page.getByLabel("Hero Video URL (YouTube, Vimeo or .mp4)").fill("https://example.com/film.avi");
    await page.getByRole("button", { name: "Save" }).click();
    const video = page.getByLabel("Hero Video URL (YouTube, Vimeo or .mp4)");
    await expect(video).toHaveAttribute("aria-invalid", "true");
    expect(await messageOf(video)).toBe("Use a YouTube, Vimeo or direct .mp4 link.");
    await expect(video).toHaveValue("https://example.com/film.avi");
    await expect(page.getByLabel("Hero Title")).toHaveValue("Typed without JavaScript");
    await context.close();
  });

  test("demoting yourself and confirming signs you out to the login page", async ({ browser }) => {
    const page = await signIn(browser, SECOND);
    page.on("dialog", (dialog) => dialog.accept());
    await page.goto("/admin/user-management");
    await page.getByRole("link", { name: `Edit role of ${SECOND.name}` }).click();
    await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("user");
    await page.getByRole("button", { name: "Update Role" }).click();
    await page.waitForURL("**/admin/login");
    await expect(toast(page)).toContainText("User Role Updated");
    await expect(toast(page)).toContainText("Your role is now user, so you have been signed out.");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
    await page.context().close();

    // Give the role back for the next test.
    await site.page.goto("/admin/user-management");
    await site.page.getByRole("link", { name: `Edit role of ${SECOND.name}` }).click();
    await site.page.getByRole("combobox", { name: "Role", exact: true }).selectOption("admin");
    await site.page.getByRole("button", { name: "Update Role" }).click();
    await expect(toast(site.page)).toContainText("User Role Updated");
  });

  test("without JavaScript the server asks with a box to tick before signing you out", async ({ browser }) => {
    const page = await signIn(browser, SECOND, false);
    await page.goto("/admin/user-management");
    await page.getByRole("link", { name: `Edit role of ${SECOND.name}` }).click();
    await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("user");
    await page.getByRole("button", { name: "Update Role" }).click();
    await expect(
      page.getByText("Changing your own role to user signs you out. Tick the box to confirm."),
    ).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

    await page.goto("/admin/user-management");
    await page.getByRole("link", { name: `Edit role of ${SECOND.name}` }).click();
    await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("user");
    await page.getByRole("button", { name: "Update Role" }).click();
    await page.getByLabel("Yes, change my own role to user and sign me out").check();
    await page.getByRole("button", { name: "Update Role" }).click();
    await page.waitForURL("**/admin/login");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
    await page.context().close();
  });
});
