import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertUser } from "~/features/auth/users.server";
import { startSmtpServer } from "../support/smtp";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

/**
 * Reset links and who made them (issue 37): a 'Forgot password?' from the login page never cancels a link an
 * administrator made; both work until one is used or expires, and using one ends all of the account's links.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let mailApp: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let clockMs = Date.now();
const clock = () => clockMs;
const MINUTE = 60 * 1000;
const PASSWORD = "a-brand-new-password";

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  app = await createTestApp(t.db, t.dataDir, {}, { clock });
  mailApp = await createTestApp(t.db, t.dataDir, { smtpUrl: smtp.url }, { clock });
  admin = await signedInAs(t.db, "admin");
}, 120_000);
afterAll(async () => {
  await smtp.close();
  await t.cleanup();
});

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const tokenIn = (text: string) =>
  text.replace(/=\r?\n/g, "").match(/\/admin\/reset-password\?token=(?:3D)?([A-Za-z0-9_-]{43})/)?.[1] ?? null;

async function account() {
  const email = `reset-${crypto.randomUUID()}@example.com`;
  const { id } = await upsertUser(t.db, { email, password: "the-old-password-1", role: "user" });
  return { id, email };
}

/** A link made on the account page (shown, as without SMTP). */
async function adminLink(id: string) {
  const made = await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie, form: { intent: "reset-link" } });
  expect(made.status).toBe(200);
  return tokenIn(await made.text())!;
}

async function forgot(a: typeof app, email: string) {
  expect((await a.request("/admin/forgot-password", { form: { email }, ip: freshIp() })).status).toBe(200);
}

async function mailedLink(email: string, before: number) {
  const until = Date.now() + 10_000;
  for (;;) {
    const mail = smtp.messages.slice(before).find((m) => m.to.includes(email));
    if (mail) return tokenIn(mail.raw)!;
    if (Date.now() > until) throw new Error("no mail");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const works = async (token: string) => (await app.request(`/admin/reset-password?token=${token}`)).status === 200;
const setWith = (token: string) =>
  app.request("/admin/reset-password", { form: { token, password: PASSWORD, confirmPassword: PASSWORD } });

describe(`reset links on ${engineName}`, () => {
  it("without SMTP, 'Forgot password?' makes no link (no one would get it); the administrator's keeps working", async () => {
    const { id, email } = await account();
    const token = await adminLink(id);
    // Past the forgot page's 5-minute gap, within the link's hour.
    clockMs += 6 * MINUTE;
    await forgot(app, email);
    expect(await t.db.selectFrom("account_tokens").select("issued_by").where("user_id", "=", id).execute()).toEqual([
      { issued_by: admin.userId },
    ]);
    expect(await works(token)).toBe(true);
    expect((await setWith(token)).status).toBe(302);
  });

  it("with SMTP, the administrator's and the emailed link both work until one is used; then neither", async () => {
    const { id, email } = await account();
    const fromAdmin = await adminLink(id);
    const before = smtp.messages.length;
    // Within the 5 minutes of the forgot page's own gap: an administrator's link does not hold the email back.
    clockMs += MINUTE;
    await forgot(mailApp, email);
    const emailed = await mailedLink(email, before);
    expect(emailed).not.toBe(fromAdmin);
    expect(await works(fromAdmin)).toBe(true);
    expect(await works(emailed)).toBe(true);

    expect((await setWith(emailed)).status).toBe(302);
    expect(await works(fromAdmin)).toBe(false);
    expect((await setWith(fromAdmin)).status).toBe(404);
  });

  it("a new link from the forgot page replaces the earlier one from there; an administrator's replaces both", async () => {
    const { id, email } = await account();
    const before = smtp.messages.length;
    await forgot(mailApp, email);
    const first = await mailedLink(email, before);
    clockMs += 6 * MINUTE;
    const middle = smtp.messages.length;
    await forgot(mailApp, email);
    const second = await mailedLink(email, middle);
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);

    const fromAdmin = await adminLink(id);
    expect(await works(second)).toBe(false);
    expect(await works(fromAdmin)).toBe(true);
  });

  it("stores who made each link: the administrator, or no one for the forgot page", async () => {
    const { id, email } = await account();
    await adminLink(id);
    clockMs += 6 * MINUTE;
    const before = smtp.messages.length;
    await forgot(mailApp, email);
    await mailedLink(email, before);
    const rows = await t.db
      .selectFrom("account_tokens")
      .select("issued_by")
      .where("user_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(rows).toEqual([{ issued_by: admin.userId }, { issued_by: null }]);
  });
});
