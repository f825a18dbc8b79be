import { expectNoViolations } from "./support/axe";
import { expect, forgetSenders, test } from "./support/fixtures";

// Speed to lead (issue 28): a buyer's message waits under 'Replies Due' until the desk answers it, and a follow-up
// day brings it back under 'Follow-ups Due'. On a site of this worker's own: the dashboard lists every lead.
test.use({ site: "own" });

test("a new inquiry is listed as a reply due, then as a follow-up once contacted with a day set", async ({
  page: buyerPage,
  adminPage: page,
  adminRequest,
  onCleanup,
  siteServer,
  uid,
}) => {
  test.slow(); // a buyer's message, the desk's pages four times over and two accessibility checks
  const buyer = `Buyer ${uid}`;
  await forgetSenders(siteServer);
  await page.goto("/admin/dashboard");
  const waiting = Number(await page.getByTestId("replies-due-count").textContent());

  await buyerPage.goto("/contact-us");
  await buyerPage.getByLabel("Full Name").fill(buyer);
  await buyerPage.getByLabel("Email Address").fill(`${uid}@importer.example`);
  await buyerPage.getByLabel("Subject").fill(`Onions ${uid}`);
  await buyerPage.getByLabel("Message").fill("Please quote 2 x 40 ft reefers, CIF Chittagong.");
  await buyerPage.getByRole("button", { name: "Send Message" }).click();
  await expect(buyerPage.getByTestId("toast")).toContainText("Message Sent!");

  // One more lead waits for its first reply (the newest is due last: the list may show it under "and N more").
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("replies-due").getByRole("heading", { name: /Replies Due/ })).toBeVisible();
  await expect(page.getByTestId("replies-due-count")).toHaveText(String(waiting + 1));

  await page.goto("/admin/inquiries");
  await page.getByRole("main").getByRole("searchbox").fill(buyer);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await page
    .getByTestId("inquiry-row")
    .filter({ hasText: buyer })
    .getByRole("link", { name: buyer, exact: true })
    .click();
  await page.waitForURL(/\/admin\/inquiries\/[\w-]+$/);
  const id = page.url().split("/").at(-1)!;
  onCleanup(async () => {
    await adminRequest.post(`/admin/inquiries/${id}`, { form: { intent: "delete" } });
  });
  await expect(page.getByRole("heading", { name: `Onions ${uid}` })).toBeVisible();
  await expect(page.getByTestId("reply-due")).toHaveText(/^Due \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} GMT\+5:30$/);
  await expectNoViolations(page, "an inquiry with its reply time and follow-up");

  // Today in the site's time zone (India's unless set), as the date field takes it.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  await page.getByLabel("Follow up on").fill(today);
  await page.getByRole("button", { name: "Save Follow-up" }).click();
  await expect(page.getByTestId("toast")).toContainText("Follow-up Updated");
  await expect(page.getByTestId("follow-up-due")).toBeVisible();
  await page.getByRole("button", { name: "Mark as Contacted" }).click();
  await expect(page.getByTestId("toast")).toContainText("Status Updated");

  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("replies-due")).not.toContainText(buyer);
  const followUp = page.getByTestId("follow-ups-due").getByRole("listitem").filter({ hasText: buyer });
  await expect(followUp).toContainText("Due today");
  await expect(page.getByTestId("first-response")).toContainText("Median first response this month:");
  await expectNoViolations(page, "the dashboard with its lists of leads");
});
