import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { createDatabase } from "../../app/db/database.server";
import { expect, test, type Account, type SiteServer } from "./support/fixtures";

// Nothing typed is lost (issue 27, ADR 0036): the session runs out while a post is being written; "Add Post" lands
// on the login page, which says the changes are kept, and after signing in the form is back, filled, and saves.
// On a site of the worker's own: the test deletes its session row in that site's database.
test.use({ site: "own" });

async function signIn(page: Page, who: Account) {
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Expires this browser's session the way the server would: its row goes, the cookie stays. */
async function expireSession(page: Page, site: SiteServer) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "session")?.value;
  expect(token).toBeTruthy();
  const db = createDatabase({ dataDir: site.dataDir! });
  try {
    const id = createHash("sha256").update(token!).digest("hex");
    const { numDeletedRows } = await db.deleteFrom("sessions").where("id", "=", id).executeTakeFirst();
    expect(numDeletedRows).toBe(1n);
  } finally {
    await db.destroy();
  }
}

async function deletePost(site: SiteServer, slug: string) {
  const db = createDatabase({ dataDir: site.dataDir! });
  try {
    await db.deleteFrom("blog_posts").where("slug", "=", slug).execute();
  } finally {
    await db.destroy();
  }
}

test('an expired session during "Add Post" loses nothing', async ({ page, siteServer, uid, onCleanup }) => {
  const title = `Kept through a sign-in ${uid}`;
  const content = `Written while the session ran out ${uid}.\n\nA second paragraph.`;
  await page.goto("/admin/login");
  await signIn(page, siteServer.admin);
  await page.waitForURL("**/admin/dashboard");

  await page.goto("/admin/manage-blog/add");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill(content);
  await page.getByLabel("Tags").fill("Kept");
  onCleanup(() => deletePost(siteServer, `kept-through-a-sign-in-${uid}`));
  await expireSession(page, siteServer);

  await page.getByRole("button", { name: "Add Post" }).click();
  await page.waitForURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fmanage-blog%2Fadd$/);
  await expect(page.getByRole("status").filter({ hasText: "Your session has expired." })).toHaveText(
    "Your session has expired. Sign in again; your changes are kept.",
  );

  await signIn(page, siteServer.admin);
  await page.waitForURL(/\/admin\/manage-blog\/add$/);
  await expect(page.getByText("is back in the form; it is not saved yet")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Content")).toHaveValue(content);
  await expect(page.getByLabel("Tags")).toHaveValue("Kept");

  await page.getByRole("button", { name: "Add Post" }).click();
  await page.waitForURL(/\/admin\/manage-blog$/);
  await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();
});
