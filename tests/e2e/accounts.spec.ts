import { Secret, TOTP } from "otpauth";
import { startSmtpServer } from "../support/smtp";
import { expect, insertQuoteRequest, test } from "./support/fixtures";
import { startSiteWithAdmin } from "./support/spawn-server";
import { waitForHydrationOnNavigation } from "./support/hydration";

// Issue 27: "Assign" is useful without a shell. A colleague invited by email (the site's mail goes to a real SMTP
// server of the test's own) sets a password, signs in, and is given an inquiry by the administrator.
const OWNER = { name: "Olu Owner", email: "owner@example.com", password: "owner-password-12" };

test("an administrator invites a colleague by email; the colleague sets a password, signs in and is assigned an inquiry", async ({
  browser,
  uid,
}) => {
  test.setTimeout(240_000);
  const smtp = await startSmtpServer();
  const { server, page } = await startSiteWithAdmin(browser, OWNER, {
    SMTP_URL: smtp.url,
    INQUIRY_NOTIFY_TO: "team@example.com",
  });
  try {
    const colleague = { name: `Meera ${uid}`, email: `meera-${uid}@example.com`, password: "meera-password-123" };

    await page.goto("/admin/dashboard");
    await page.getByRole("link", { name: /^Accounts/ }).click();
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    await page.getByLabel("Email").fill(colleague.email);
    await page.getByLabel("Full Name").fill(colleague.name);
    // Only the role that can use the back office is offered, and said (issue 41).
    await expect(page.getByLabel("Role")).toHaveCount(0);
    await expect(page.getByText("Role: admin. Uses every page of the back office")).toBeVisible();
    await page.getByRole("button", { name: "Invite User" }).click();
    await expect(page.getByRole("status")).toContainText(`Invitation sent to ${colleague.email}`);
    await expect(page.getByRole("row").filter({ hasText: colleague.email })).toContainText("Invited");

    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(colleague.email)).length).toBe(1);
    const mail = smtp.messages.find((m) => m.to.includes(colleague.email))!;
    const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = body.match(/\/admin\/accept-invite\?token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token, body).toBeTruthy();
    // The account's page says how its last email went (ADR 0051).
    await page.getByRole("link", { name: colleague.name }).click();
    await expect(page.getByTestId("account-mail-state")).toHaveText(/^Invitation email: Sent \d/);
    await page.screenshot({ path: "test-results/accounts/invited-1280.png", fullPage: true });

    // The colleague, in a browser of their own.
    const theirs = await browser.newPage({ baseURL: server.url });
    waitForHydrationOnNavigation(theirs);
    await theirs.goto(`/admin/accept-invite?token=${token}`);
    await expect(theirs.getByRole("heading", { name: "Accept Invitation" })).toBeVisible();
    await theirs.getByRole("textbox", { name: "Password", exact: true }).fill(colleague.password);
    await theirs.getByLabel("Confirm Password").fill(colleague.password);
    await theirs.getByRole("button", { name: "Set Password" }).click();
    // Signed in at once, not sent to type the password again (issue 41).
    await theirs.waitForURL("**/admin/dashboard");
    await expect(theirs.getByTestId("toast")).toContainText("Your password is set and you are signed in.");

    // The administrator gives them a quote request.
    const quote = await insertQuoteRequest(
      { kind: "own", url: server.url, dataDir: server.dataDir, admin: OWNER },
      {
        full_name: `Buyer ${uid}`,
        email: `${uid}@gulf-fresh.example`,
        company: `Gulf Fresh ${uid}`,
        country: "United Arab Emirates",
        destination_port: "Jebel Ali",
        incoterm: "FOB",
        delivery_month: "2027-03",
        subject: `Quote request ${uid}`,
        message: "Two 40 ft reefers.",
        lines: [{ productSlug: "nashik-red-onion", quantity: "58", unit: "MT" }],
      },
    );
    await page.goto(`/admin/inquiries/${quote.id}`);
    await page.getByLabel("Assigned to").selectOption({ label: colleague.name });
    await page.getByRole("button", { name: "Save Assignee" }).click();
    await expect(page.getByTestId("toast")).toContainText(`The inquiry is assigned to ${colleague.name}.`);
    await expect(page.getByTestId("inquiry-assignee")).toHaveText(colleague.name);

    // The colleague finds it as theirs.
    await theirs.goto(`/admin/inquiries/${quote.id}`);
    await expect(theirs.getByTestId("inquiry-assignee")).toHaveText(colleague.name);

    // The account list shows the colleague active, with a sign-in.
    await page.goto("/admin/accounts");
    const row = page.getByRole("row").filter({ hasText: colleague.email });
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Never");
    await theirs.close();
  } finally {
    await page.context().close();
    await server.stop();
    await smtp.close();
  }
});

test.describe("two-factor sign-in", () => {
  test.use({ site: "own" });

  test("a colleague with a handed-over link enrols an authenticator app, then signs in with a code", async ({
    adminPage: page,
    browser,
    siteServer,
    uid,
    onCleanup,
  }) => {
    const colleague = { name: `Ravi ${uid}`, email: `ravi-${uid}@example.com`, password: "ravi-password-1234" };
    await page.goto("/admin/accounts");
    await page.getByLabel("Email").fill(colleague.email);
    await page.getByLabel("Full Name").fill(colleague.name);
    await page.getByRole("button", { name: "Invite User" }).click();
    // No mail server on this site: the link is shown to hand over.
    const link = await page.getByRole("textbox", { name: "Invitation link" }).inputValue();
    const path = new URL(link).pathname + new URL(link).search;
    onCleanup(async () => {
      await page.goto("/admin/accounts");
      await page.getByRole("link", { name: colleague.name }).click();
      await page.getByRole("button", { name: "Delete account" }).click();
      await page.waitForURL("**/admin/accounts");
    });

    const theirs = await browser.newPage({ baseURL: siteServer.url });
    waitForHydrationOnNavigation(theirs);
    await theirs.goto(path);
    await theirs.getByRole("textbox", { name: "Password", exact: true }).fill(colleague.password);
    await theirs.getByLabel("Confirm Password").fill(colleague.password);
    await theirs.getByRole("button", { name: "Set Password" }).click();
    await theirs.waitForURL("**/admin/dashboard");

    await theirs.goto("/admin/account/two-factor");
    await expect(theirs.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await theirs.getByTestId("totp-secret").textContent())!;
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await theirs.getByRole("textbox", { name: "Code" }).fill(totp.generate());
    await theirs.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(theirs.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);

    await theirs.getByRole("button", { name: "Logout" }).click();
    await theirs.waitForURL("**/admin/login");
    await theirs.getByLabel("Email").fill(colleague.email);
    await theirs.getByLabel("Password").fill(colleague.password);
    await theirs.getByRole("button", { name: "Login" }).click();
    await theirs.waitForURL("**/admin/login/two-factor**");
    // A code of the next time step: the enrolment's own code is not accepted twice.
    await theirs.getByRole("textbox", { name: "Code" }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await theirs.getByRole("button", { name: "Verify" }).click();
    await theirs.waitForURL("**/admin/dashboard");
    await theirs.close();
  });
});
