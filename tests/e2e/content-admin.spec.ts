import { execFileSync } from "node:child_process";
import type { Browser } from "@playwright/test";
import { formatLongDate } from "../../app/features/blog/dates";
import { formatDay } from "../../app/lib/site-time";
import { addDays, utcDate } from "../../app/lib/time";
import { ABOUT_SECTIONS, HOME_SECTIONS } from "../../app/features/content/home-content";
import { expect, OWN_SITE_ADMIN, test, waitForHydrationOnNavigation } from "./support/fixtures";
import { jpeg } from "./support/files";

// The content back office. What only reads, or changes nothing, runs on the main site; what changes the site's
// texts, settings, certificates, gallery, blog or users (which the public tests read) runs on a site of the
// worker's own, one test after another, each putting back what it changed.

test("the edit-pages hub links to the six editors", async ({ adminPage: page }) => {
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Edit Pages/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Pages", level: 1 })).toBeVisible();
  for (const [name, href] of [
    ["Home Page", "/admin/edit-pages/home"],
    ["About Us Page", "/admin/edit-pages/about-us"],
    ["Certificates", "/admin/edit-pages/certificates"],
    ["Gallery", "/admin/edit-pages/gallery"],
    ["Footer & Contact", "/admin/site-settings"],
    ["Blog", "/admin/manage-blog"],
  ]) {
    // In the page: the header's places name Blog too.
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
      "href",
      href,
    );
  }
});

test("a chosen file is previewed before saving (the page's CSP lets blob: pictures draw)", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/edit-pages/gallery");
  await page.getByRole("link", { name: "Add New Gallery Item" }).click();
  await page.getByLabel("Image (required)").setInputFiles(await jpeg("preview.jpg", "#557733"));
  const preview = page.getByRole("img", { name: "Image (required) preview" });
  await expect(preview).toHaveAttribute("src", /^blob:/);
  // A picture the CSP refuses still "completes", with no pixels: wait for either outcome, then ask for pixels.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
});

test.describe("on a site of its own", () => {
  test.use({ site: "own" });

  test("create, edit, reorder and delete a certificate with an image, its number, validity and lookup page", async ({
    adminPage: page,
    uid,
  }) => {
    const name = `Spices Board ${uid}`;
    const renamed = `Spices Board CRES ${uid}`;
    const validUntil = addDays(utcDate(Date.now()), 700);
    await page.goto("/admin/edit-pages/certificates");
    await page.getByRole("link", { name: "Add New Certificate" }).click();
    await page.getByRole("button", { name: "Add Certificate" }).click();
    await expect(page.getByTestId("toast")).toContainText("Certificate name is required.");
    await page.getByLabel("Certificate Name").fill(name);
    await page.getByLabel("Issuing Authority").fill("Spices Board India");
    await page.getByLabel("Description").fill("Registered exporter of spices.");
    await page.getByLabel("Certificate Number").fill("CRES/KNP/2291");
    await page.getByLabel("Verify URL").fill("https://www.indianspices.com/");
    // An end before the start is refused at its field, before anything is sent.
    await page.getByLabel("Valid From").fill(addDays(utcDate(Date.now()), -30));
    await page.getByLabel("Valid Until").fill(addDays(utcDate(Date.now()), -31));
    await page.getByRole("button", { name: "Add Certificate" }).click();
    await expect(page.locator("#valid_until-error")).toHaveText("Valid Until cannot be before Valid From.");
    await expect(page.getByLabel("Valid Until")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Certificate Number")).toHaveValue("CRES/KNP/2291");
    await page.getByLabel("Valid Until").fill(validUntil);
    await expect(page.getByLabel("Sort Order")).toHaveValue("7");
    await page.getByLabel("Certificate Image").setInputFiles(await jpeg("board.jpg", "#aa7733"));
    await page.getByRole("button", { name: "Add Certificate" }).click();
    await expect(page.getByTestId("toast")).toContainText("Certificate Added");
    const cards = page.getByTestId("certificate-card");
    await expect(cards).toHaveCount(8);
    await expect(cards.last()).toContainText(name);
    await expect(cards.last()).toContainText("No. CRES/KNP/2291");
    await expect(cards.last()).toContainText(`Valid until ${formatDay(validUntil)}`);

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Valid Until")).toHaveValue(validUntil);
    await page.getByLabel("Certificate Name").fill(renamed);
    await page.getByRole("button", { name: "Update Certificate" }).click();
    await expect(page.getByTestId("toast")).toContainText("Certificate Updated");

    await page.getByRole("button", { name: `Move ${renamed} up` }).click();
    await expect(cards.nth(6)).toContainText(renamed);
    await page.goto("/certificates-memberships");
    const headings = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(headings.nth(6)).toHaveText(renamed);
    await expect(headings.nth(7)).toHaveText("GLOBALG.A.P.");
    const card = page.getByTestId("certificate").filter({ hasText: renamed });
    await expect(card).toContainText("CRES/KNP/2291");
    await expect(card).toContainText(`Valid until ${formatLongDate(validUntil)}`);
    const verify = card.getByRole("link", { name: `Verify ${renamed} with its issuer (opens in a new tab)` });
    await expect(verify).toHaveAttribute("href", "https://www.indianspices.com/");
    await expect(verify).toHaveAttribute("target", "_blank");
    await expect(verify).toHaveAttribute("rel", "noopener noreferrer");
    // Seen as 'Verify'; the rest of its name is for screen readers.
    await expect(verify.locator(".sr-only")).toHaveText(` ${renamed} with its issuer (opens in a new tab)`);
    expect(await verify.evaluate((a) => a.firstChild?.textContent)).toBe("Verify");

    await page.goto("/admin/edit-pages/certificates");
    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Certificate Deleted");
    await expect(cards).toHaveCount(7);
    await page.goto("/certificates-memberships");
    await expect(page.getByText(renamed)).toHaveCount(0);
  });

  test("create, edit, reorder and delete a gallery item", async ({ adminPage: page, uid }) => {
    const title = `Loading reefers at dawn ${uid}`;
    const renamed = `Reefers at dawn ${uid}`;
    await page.goto("/admin/edit-pages/gallery");
    await page.getByRole("link", { name: "Add New Gallery Item" }).click();
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Add Gallery Item" }).click();
    await expect(page.getByTestId("toast")).toContainText("Missing Image");
    await page.getByLabel("Image (required)").setInputFiles(await jpeg("dawn.jpg", "#335577"));
    await page.getByRole("button", { name: "Add Gallery Item" }).click();
    await expect(page.getByTestId("toast")).toContainText("Gallery Item Added");
    const cards = page.getByTestId("gallery-card");
    await expect(cards).toHaveCount(9);
    await expect(cards.last()).toContainText(title);

    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByLabel("Title").fill(renamed);
    await page.getByRole("button", { name: "Update Gallery Item" }).click();
    await expect(page.getByTestId("toast")).toContainText("Gallery Item Updated");
    // Keyboard: focus the button and press Enter.
    await page.getByRole("button", { name: `Move ${renamed} up` }).focus();
    await page.keyboard.press("Enter");
    await expect(cards.nth(7)).toContainText(renamed);

    await page.goto("/gallery");
    await expect(page.getByRole("button", { name: new RegExp(renamed) })).toBeVisible();
    await page.goto("/admin/edit-pages/gallery");
    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Gallery Item Deleted");
    await expect(cards).toHaveCount(8);
    await page.goto("/gallery");
    await expect(page.getByRole("button", { name: new RegExp(renamed) })).toHaveCount(0);
  });

  test("write, publish, archive and delete a blog post, seen and gone on /blog", async ({ adminPage: page, uid }) => {
    const title = `Kharif Onion Outlook 2026 ${uid}`;
    const slug = `kharif-onion-outlook-2026-${uid}`;
    await page.goto("/admin/manage-blog");
    await page.getByRole("link", { name: "Add New Post" }).click();
    await page.getByLabel("Title").fill(title);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await expect(page.getByLabel("Author Name")).toBeDisabled();
    await expect(page.getByLabel("Author Name")).toHaveValue(OWN_SITE_ADMIN.name);
    await page.getByLabel("Content").fill("Arrivals are **strong** this year.\n\nPrices are *steady*.");
    await expect(page.getByTestId("preview").locator("strong")).toHaveText("strong");
    await expect(page.getByTestId("preview").locator("em")).toHaveText("steady");
    await page.getByLabel("Tags").fill("Onions, Market Update, ");
    await expect(page.getByLabel("Status").locator("option")).toHaveText(["Draft", "Published"]);
    await page.getByRole("button", { name: "Add Post" }).click();
    await expect(page.getByTestId("toast")).toContainText("Blog Post Added");
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByTestId("status")).toHaveText("Draft");
    await expect(row.getByRole("link", { name: /View .* on the site/ })).toHaveCount(0);
    await page.goto("/blog");
    await expect(page.getByText(title)).toHaveCount(0);

    await page.goto("/admin/manage-blog");
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByTestId("toast")).toContainText("Blog Post Updated");
    await expect(row.getByTestId("status")).toHaveText("Published");
    await page.goto("/blog");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await page.goto(`/blog/${slug}`);
    await expect(page.locator("article strong")).toHaveText("strong");
    await expect(page.getByText("Market Update")).toBeVisible();

    await page.goto("/admin/manage-blog");
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByLabel("Status").locator("option")).toHaveText(["Draft", "Published", "Archived"]);
    await page.getByLabel("Status").selectOption("archived");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(row.getByTestId("status")).toHaveText("Archived");
    expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Success!");
    await expect(row).toHaveCount(0);
  });

  test("a post saved as Published with a date ahead is Scheduled, not live, until then", async ({
    adminPage: page,
    uid,
  }) => {
    // Seen (issue 41): it went live at once, dated today, and the date was dropped without a word.
    const title = `Rabi Garlic Preview ${uid}`;
    const year = new Date().getUTCFullYear() + 1;
    await page.goto("/admin/manage-blog/add");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Content").fill("Arrivals expected in March.");
    await page.getByLabel("Status").selectOption("published");
    await page.getByLabel("Schedule", { exact: true }).fill(`${year}-11-30T10:00`);
    await page.getByRole("button", { name: "Add Post" }).click();
    await expect(page.getByTestId("toast")).toContainText(`It is scheduled: published on 30 Nov ${year}, 10:00`);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByTestId("status")).toHaveText("Scheduled");
    await expect(row).toContainText(`30 Nov ${year}, 10:00`);
    expect((await page.request.get(`/blog/rabi-garlic-preview-${uid}`)).status()).toBe(404);
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(row).toHaveCount(0);
  });

  test("editing a published post's title warns that its address changes; the old address then redirects", async ({
    adminPage: page,
  }) => {
    const oldPath = "/blog/how-we-grade-and-pack-garlic-for-long-voyages";
    await page.goto("/admin/manage-blog");
    await page.getByRole("link", { name: "Edit How We Grade and Pack Garlic for Long Voyages" }).click();
    await expect(page.getByText(`its public address is ${oldPath}`)).toBeVisible();
    const warning = page.getByRole("status").filter({ hasText: "This post is published" });
    await expect(warning).toHaveCount(0);

    // Spec §5: the title rewrites the slug, so a new title is a new address.
    await page.getByLabel("Title").fill("Grading and Packing Garlic for Long Voyages");
    await expect(warning).toHaveText(
      `This post is published. Saving will change its address from ${oldPath} to /blog/grading-and-packing-garlic-for-long-voyages; the old address will redirect to the new one.`,
    );
    await page.getByLabel("Slug").fill("how-we-grade-and-pack-garlic-for-long-voyages");
    await expect(warning).toHaveCount(0);
    await page.getByLabel("Slug").fill("garlic-grading");
    await expect(warning).toContainText("to /blog/garlic-grading;");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByTestId("toast")).toContainText("Blog Post Updated");

    const response = await page.request.get(oldPath, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/blog/garlic-grading");
    await page.goto(oldPath);
    await expect(page).toHaveURL(/\/blog\/garlic-grading$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grading and Packing Garlic for Long Voyages");

    // A draft has no public address to warn about.
    await page.goto("/admin/manage-blog");
    await page.getByRole("link", { name: "Edit Draft: Dehydrated Onion Price Outlook" }).click();
    await page.getByLabel("Title").fill("Dehydrated Onion Price Outlook");
    await expect(page.getByText("its public address is")).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "This post is published" })).toHaveCount(0);

    // Put the post back as seeded (its new address then redirects to the old one).
    await page.goto("/admin/manage-blog");
    await page.getByRole("link", { name: "Edit Grading and Packing Garlic for Long Voyages" }).click();
    await page.getByLabel("Title").fill("How We Grade and Pack Garlic for Long Voyages");
    await page.getByLabel("Slug").fill("how-we-grade-and-pack-garlic-for-long-voyages");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByTestId("toast")).toContainText("Blog Post Updated");
  });

  test("edit every home and about text and see each on the public pages", async ({ adminPage: page }) => {
    test.slow(); // seventy fields typed in twice: once for the test, once to put them back
    const typed = (key: string) => `E2E ${key.replace(/_/g, " ")}`;
    const originals: { path: string; saveLabel: string; saved: string; before: Map<string, string> }[] = [];
    for (const [path, sections, publicPath, saveLabel, saved] of [
      ["/admin/edit-pages/home", HOME_SECTIONS, "/", "Save", "Home Page Content Saved!"],
      ["/admin/edit-pages/about-us", ABOUT_SECTIONS, "/about-us", "Save All", "About Us Content Saved!"],
    ] as const) {
      await page.goto(path);
      const texts = sections.filter((s) => s.type === "text" || s.type === "textarea");
      const before = new Map<string, string>();
      for (const section of texts) before.set(section.key, await page.locator(`#${section.key}`).inputValue());
      originals.push({ path, saveLabel, saved, before });
      for (const section of texts) await page.locator(`#${section.key}`).fill(typed(section.key));
      await page.getByRole("button", { name: saveLabel }).first().click();
      await expect(page.getByTestId("toast")).toContainText(saved);
      await expect(page.locator(`#${texts[0].key}`)).toHaveValue(typed(texts[0].key));
      await page.goto(publicPath);
      const html = await page.content();
      for (const section of texts) expect(html, section.key).toContain(typed(section.key));
    }

    await page.goto("/admin/edit-pages/home");
    await page.locator("#hero_video_url").fill("https://example.com/film.avi");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByTestId("toast")).toContainText("Error saving Hero Video URL");

    // Put every text back as it was.
    for (const { path, saveLabel, saved, before } of originals) {
      await page.goto(path);
      for (const [key, value] of before) await page.locator(`#${key}`).fill(value);
      await page.getByRole("button", { name: saveLabel }).first().click();
      await expect(page.getByTestId("toast")).toContainText(saved);
    }
  });

  test("add, change and delete a setting, and the footer follows", async ({ adminPage: page }) => {
    await page.goto("/admin/site-settings");
    const email = page.getByRole("textbox", { name: "Email", exact: true });
    const linkedin = page.getByRole("textbox", { name: "LinkedIn", exact: true });
    const original = { email: await email.inputValue(), linkedin: await linkedin.inputValue() };
    await page.getByRole("button", { name: "Add New Setting" }).click();
    await page.getByLabel("Setting Key").fill("Office Hours");
    await page.getByLabel("Value").fill("Mon–Sat 9:00–18:00 IST");
    await page.getByRole("button", { name: "Add Setting" }).click();
    await expect(page.getByTestId("toast")).toContainText("Setting Added!");
    await expect(page.getByRole("textbox", { name: "office_hours", exact: true })).toHaveValue(
      "Mon–Sat 9:00–18:00 IST",
    );

    await page.getByRole("textbox", { name: "Email", exact: true }).fill("exports@example.org");
    await page.getByRole("textbox", { name: "LinkedIn", exact: true }).fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save All Changes" }).last().click();
    await expect(page.getByTestId("toast")).toContainText("Error saving social_linkedin_url");
    await page.getByRole("textbox", { name: "LinkedIn", exact: true }).fill("#");
    await page.getByRole("button", { name: "Save All Changes" }).first().click();
    await expect(page.getByTestId("toast")).toContainText("Settings Saved!");

    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "exports@example.org" })).toBeVisible();
    await expect(footer.getByRole("link", { name: /LinkedIn/ })).toHaveCount(0);

    await page.goto("/admin/site-settings");
    await page.getByRole("button", { name: "Delete office_hours" }).click();
    await expect(page.getByTestId("toast")).toContainText("Setting Deleted!");
    await expect(page.getByRole("textbox", { name: "office_hours", exact: true })).toHaveCount(0);

    // Put the footer back as it was.
    await email.fill(original.email);
    await linkedin.fill(original.linkedin);
    await page.getByRole("button", { name: "Save All Changes" }).first().click();
    await expect(page.getByTestId("toast")).toContainText("Settings Saved!");
  });

  async function signIn(browser: Browser, baseURL: string, email: string, password: string) {
    const page = await browser.newPage({ baseURL });
    waitForHydrationOnNavigation(page);
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    return page;
  }

  test("change a user's role and that user's access changes", async ({ adminPage: page, browser, siteServer, uid }) => {
    // scripts/user-add.ts writes straight into the site's SQLite file. Users cannot be deleted, so this one stays,
    // with the role it had.
    const clerk = { name: `Chitra Clerk ${uid}`, email: `clerk-${uid}@example.com`, password: "clerk-password-12" };
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/user-add.ts",
        "--email",
        clerk.email,
        "--password",
        clerk.password,
        "--role",
        "user",
        "--name",
        clerk.name,
      ],
      {
        env: { ...process.env, DATA_DIR: siteServer.dataDir, DATABASE_URL: "" },
      },
    );
    const denied = await signIn(browser, siteServer.url, clerk.email, clerk.password);
    await expect(denied.getByTestId("toast")).toContainText("Access Denied");
    await denied.close();

    await page.goto("/admin/user-management");
    await expect(page.getByRole("link", { name: "Invite in Accounts" })).toHaveAttribute("href", "/admin/accounts");
    await expect(page.getByRole("button", { name: "Add New User" })).toHaveCount(0);
    await page.getByRole("link", { name: `Edit role of ${clerk.name}` }).click();
    await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("admin");
    await expect(page.getByText("Changing the role to admin grants full administrative privileges.")).toBeVisible();
    await page.getByRole("button", { name: "Update Role" }).click();
    await expect(page.getByTestId("toast")).toContainText("User Role Updated");

    const clerkPage = await signIn(browser, siteServer.url, clerk.email, clerk.password);
    await clerkPage.waitForURL("**/admin/dashboard");

    await page.getByRole("link", { name: `Edit role of ${clerk.name}` }).click();
    await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("user");
    await page.getByRole("button", { name: "Update Role" }).click();
    // The first update's toast may still be showing: wait for this save's redirect before the clerk tries again.
    await page.waitForURL(/\/admin\/user-management$/);
    await expect(page.getByTestId("toast")).toContainText("User Role Updated");
    await clerkPage.goto("/admin/manage-blog");
    await expect(clerkPage).toHaveURL(/\/admin\/login/);
    await clerkPage.close();

    // The last administrator cannot lose the role.
    await page.getByRole("link", { name: `Edit role of ${OWN_SITE_ADMIN.name}` }).click();
    await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("user");
    await page.getByRole("button", { name: "Update Role" }).click();
    await expect(page.getByTestId("toast")).toContainText("This is the last administrator.");
  });
});
