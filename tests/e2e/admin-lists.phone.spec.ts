import type { Page } from "@playwright/test";
import { createDatabase } from "../../app/db/database.server";
import { insertPost } from "../support/builders";
import { insertQuote } from "../support/test-db";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

// Issue 41, on a phone (390 px): the back office's main places named in its header, one tap away, and every admin
// list usable: the page never scrolls sideways and each row's own actions (Edit, Delete, its link) are on the screen.
// On a site of the worker's own: a quote and a scheduled post are written into its database for the lists to show.
test.use({ site: "own" });

const PLACES = [
  ["Dashboard", "/admin/dashboard"],
  ["Inquiries", "/admin/inquiries"],
  ["Quotes", "/admin/quotes"],
  ["Orders", "/admin/orders"],
  ["Products", "/admin/manage-products"],
  ["Categories", "/admin/manage-categories"],
  ["Blog", "/admin/manage-blog"],
  ["Pages", "/admin/edit-pages"],
  ["Translations", "/admin/translations"],
  ["Scheduled", "/admin/scheduled"],
  ["Activity", "/admin/activity"],
] as const;

/** The links and buttons of the list's entries (rows or cards) that lie, even in part, outside the window's width. */
const offScreen = (page: Page, entries: string) =>
  page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const entry of document.querySelectorAll(selector))
      for (const control of entry.querySelectorAll<HTMLElement>("a, button")) {
        const box = control.getBoundingClientRect();
        if (box.width === 0) continue; // hidden on a phone
        if (box.left < 0 || box.right > width)
          found.push(control.getAttribute("aria-label") ?? control.textContent!.trim());
      }
    return found;
  }, entries);

test("the header names the back office's places, each a tap away, and Logout and View Site stay", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/manage-products/add");
  const places = page.getByRole("navigation", { name: "Back office" }).getByRole("link");
  await expect(places).toHaveText(PLACES.map(([label]) => label));
  // Below a product's form, Products is the place shown, and marked.
  const products = places.filter({ hasText: "Products" });
  await expect(products).toHaveAttribute("aria-current", "page");
  await expect(places.and(page.locator("[aria-current]"))).toHaveCount(1);

  for (const [index, [label, path]] of PLACES.entries()) {
    const place = places.nth(index);
    await expect(place).toHaveAttribute("href", path);
    // The row scrolls sideways inside itself, the page never does.
    await place.scrollIntoViewIfNeeded();
    const box = (await place.boundingBox())!;
    expect(box.height, label).toBeGreaterThanOrEqual(44);
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(391); // a fraction of a pixel
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A place at the far end of the row: shown on arrival, marked, a tap away from there.
  await places.filter({ hasText: "Activity" }).tap();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  const activity = places.filter({ hasText: "Activity" });
  await expect(activity).toHaveAttribute("aria-current", "page");
  await expect(activity).toBeInViewport({ ratio: 1 });

  for (const control of [page.getByRole("link", { name: "View Site" }), page.getByRole("button", { name: "Logout" })]) {
    await expect(control).toBeInViewport({ ratio: 1 });
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
});

test("every admin list fits the phone, with each row's actions on the screen", async ({
  adminPage: page,
  siteServer,
  uid,
  onCleanup,
}) => {
  test.slow(); // sixteen pages
  const db = createDatabase({ dataDir: siteServer.dataDir! });
  const quote = await insertQuote(db, {
    number: `Q-2026-${uid.slice(-4)}`,
    buyer_name: "Khalid Rahman",
    buyer_company: "Al Noor Foodstuff Trading LLC",
  });
  const post = await insertPost(db, {
    title: `Rabi garlic preview ${uid}`,
    status: "draft",
    publish_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  onCleanup(async () => {
    await db.deleteFrom("quotes").where("id", "=", quote).execute();
    await db.deleteFrom("blog_posts").where("id", "=", post).execute();
    await db.destroy();
  });

  // Each list, its entries, and what every entry must offer (its Edit and Delete, or the list's own link).
  const LISTS: Array<{ path: string; entries: string; offers: RegExp[] }> = [
    { path: "/admin/manage-products", entries: "main tbody tr", offers: [/^Edit /, /^Delete /] },
    { path: "/admin/manage-categories", entries: "main tbody tr", offers: [/^Edit /, /^Delete /] },
    { path: "/admin/manage-blog", entries: "main tbody tr", offers: [/^Edit /, /^Delete /] },
    { path: "/admin/inquiries", entries: "main tbody tr", offers: [/^View the inquiry from /, /^Delete /] },
    { path: "/admin/quotes", entries: "main tbody tr", offers: [/^Q-/] },
    { path: "/admin/translations", entries: "main tbody tr", offers: [/ in [A-Z][a-z]+: /] },
    // An entry links to its item when the item is still there.
    { path: "/admin/activity", entries: "main tbody tr", offers: [] },
    { path: "/admin/scheduled", entries: "main tbody tr", offers: [/./] },
    { path: "/admin/accounts", entries: "main tbody tr", offers: [/./] },
    { path: "/admin/user-management", entries: "main tbody tr", offers: [/^Edit role of /] },
    // Delete is offered for a picture nothing uses; the demo's are all used.
    { path: "/admin/media", entries: '[data-testid="media-card"]', offers: [/^Assign to a product: /] },
    {
      path: "/admin/edit-pages/certificates",
      entries: '[data-testid="certificate-card"]',
      offers: [/^Edit /, /^Delete /],
    },
    { path: "/admin/edit-pages/gallery", entries: '[data-testid="gallery-card"]', offers: [/^Edit /, /^Delete /] },
    { path: "/admin/languages", entries: "main li:not(li li)", offers: [/^(Enable|Disable) /] },
  ];
  const CARDS = ["/admin/manage-products", "/admin/manage-blog", "/admin/translations", "/admin/activity"];
  for (const { path, entries, offers } of LISTS) {
    await page.goto(path);
    const rows = page.locator(entries);
    expect(await rows.count(), `${path} shows entries`).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    expect(await offScreen(page, entries), `${path}: controls off the screen`).toEqual([]);
    // A row drawn as a card is still a table's row to a screen reader, its header row read out.
    if (CARDS.includes(path)) await expectNoViolations(page, `${path} at 390 px`);
    // Every entry offers its actions, on the screen.
    for (const row of await rows.all())
      for (const name of offers) {
        const action = row.getByRole("link", { name }).or(row.getByRole("button", { name })).first();
        await expect(action, `${path}: ${name}`).toBeVisible();
      }
  }
});
