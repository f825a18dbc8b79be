import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { createDatabase, type Db } from "~/db/database.server";
import { accountMailAbout, REPLACED_BY_LINK } from "~/features/accounts/account-mail.server";
import { MAIL_BACKOFF_MS, latestMailAbout } from "~/features/outbox/outbox.server";
import { upsertUser } from "~/features/auth/users.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { startOutboxTimer } from "~/startup/outbox-timer.server";
import { closedPort, eventually, startSmtpServer } from "../support/smtp";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

/**
 * Account emails through the outbox (issue 38, ADR 0051): an invitation, a reset link or a code-lock notice is
 * written in the transaction of what it announces, tried at once, retried with back-off, sent exactly once by two
 * instances, its state on the account's page. Its link is made as each try goes: no usable token rests in the outbox.
 */
let t: TestDatabase;
/** A second connection to the same database: another instance's. */
let other: Db;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let clockMs = Date.now();
const clock = () => clockMs;
const MINUTE = 60_000;
const PASSWORD = "a-brand-new-password";

beforeAll(async () => {
  t = await createTestDatabase();
  other = createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
  admin = await signedInAs(t.db, "admin");
}, 120_000);
afterAll(async () => {
  await other?.destroy();
  await t?.cleanup();
});

const smtpUrl = (port: number) => `smtp://mailer:s3cret@127.0.0.1:${port}`;
/** A page's text as a reader sees it: without the comments React puts between joined strings. */
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const appOn = (port: number) => createTestApp(t.db, t.dataDir, { smtpUrl: smtpUrl(port) }, { clock });
/** Once the first back-off has passed: each instance's outbox timer runs twice, racing the others. */
async function retryDue(port: number, dbs: Db[] = [t.db]) {
  clockMs += MAIL_BACKOFF_MS[0] + MINUTE;
  const services = (db: Db) => ({
    db,
    config: { ...loadConfig({ DATA_DIR: t.dataDir }), smtpUrl: smtpUrl(port) },
    storage: createLocalStorage(path.join(t.dataDir, "storage")),
  });
  const timers = dbs.map((db) => startOutboxTimer(services(db), { clock }));
  for (let run = 0; run < 2; run++) await Promise.all(timers.map((timer) => timer.runOnce()));
  await Promise.all(timers.map((timer) => timer.stop()));
}
const linkIn = (text: string, page: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .replace(/&amp;/g, "&")
    .match(new RegExp(`/admin/${page}\\?token=([A-Za-z0-9_-]{43})`))?.[1] ?? null;
const invite = (app: Awaited<ReturnType<typeof appOn>>, email: string) =>
  app.request("/admin/accounts", {
    cookie: admin.cookie,
    form: { intent: "invite", email, name: "Nadia", role: "admin" },
  });
const userIdOf = async (email: string) =>
  (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const mails = (about: string) =>
  t.db.selectFrom("outbox").selectAll().where("about", "=", about).orderBy("created_at").execute();

describe(`account emails through the outbox on ${engineName}`, () => {
  it("an invitation whose first try failed is kept, shown on the account's page, and sent once when the server is back", async () => {
    const port = await closedPort();
    const app = await appOn(port);
    const email = `down-${crypto.randomUUID()}@example.com`;
    const invited = await invite(app, email);
    expect(invited.status).toBe(200);
    const shown = await html(invited);
    expect(shown).toContain("The invitation email could not be sent yet (ESOCKET: connect ECONNREFUSED");
    // The administrator can hand a link over meanwhile.
    const handed = linkIn(shown, "accept-invite");
    expect(handed).toBeTruthy();

    const id = await userIdOf(email);
    const [row] = await mails(accountMailAbout(id));
    expect(row).toMatchObject({
      kind: "account-invite",
      status: "pending",
      recipient: email,
      requested_by: admin.userId,
    });
    expect(Number(row.attempts)).toBe(1);
    // The outbox holds no link: nothing in it opens the account.
    expect(JSON.stringify(row)).not.toContain(handed);
    const page = await html(await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie }));
    expect(page).toMatch(/Invitation email: <span[^>]*>Retrying \(attempt 2, next try [^)]+\): .*ECONNREFUSED/);
    expect(page).toContain("Send again</button>");

    // The mail server comes back; two instances' timers race for the email once its back-off has passed.
    const smtp = await startSmtpServer({ port });
    try {
      await retryDue(port, [t.db, other]);
      const received = smtp.messages.filter((m) => m.to.includes(email));
      expect(received).toHaveLength(1);
      expect(received[0].raw).toContain("Test admin has invited you");
      const emailed = linkIn(received[0].raw, "accept-invite");
      expect(emailed).toBeTruthy();
      expect(emailed).not.toBe(handed);
      expect(await latestMailAbout(t.db, accountMailAbout(id))).toMatchObject({ status: "sent", error: null });
      const after = await html(await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie }));
      expect(after).toMatch(/Invitation email: <span>Sent /);
      expect(after).not.toContain("Send again</button>");

      // Both links work until one is used; then neither.
      expect((await app.request(`/admin/accept-invite?token=${handed}`)).status).toBe(200);
      expect((await app.request(`/admin/accept-invite?token=${emailed}`)).status).toBe(200);
      const set = await app.request("/admin/accept-invite", {
        form: { token: emailed!, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(set.status).toBe(302);
      expect((await app.request(`/admin/accept-invite?token=${handed}`)).status).toBe(404);
    } finally {
      await smtp.close();
    }
  });

  it("sends the invitation at once when the server takes it; its link is valid 48 hours from the send", async () => {
    const smtp = await startSmtpServer();
    try {
      const app = await createTestApp(t.db, t.dataDir, { smtpUrl: smtp.url }, { clock });
      const email = `up-${crypto.randomUUID()}@example.com`;
      const shown = await html(await invite(app, email));
      expect(shown).toContain("Invitation sent to");
      expect(linkIn(shown, "accept-invite")).toBeNull();
      const mail = await eventually(async () => smtp.messages.find((m) => m.to.includes(email)));
      const token = linkIn(mail.raw, "accept-invite");
      const id = await userIdOf(email);
      expect(await mails(accountMailAbout(id))).toEqual([expect.objectContaining({ status: "sent", attempts: 1 })]);
      clockMs += 47 * 60 * MINUTE;
      expect((await app.request(`/admin/accept-invite?token=${token}`)).status).toBe(200);
      clockMs += 2 * 60 * MINUTE;
      expect((await app.request(`/admin/accept-invite?token=${token}`)).status).toBe(404);
    } finally {
      await smtp.close();
    }
  });

  it("does not send an invitation accepted meanwhile, nor one a link made by hand replaced", async () => {
    const port = await closedPort();
    const app = await appOn(port);
    const accepted = `accepted-${crypto.randomUUID()}@example.com`;
    const handed = linkIn(await (await invite(app, accepted)).text(), "accept-invite");
    const set = await app.request("/admin/accept-invite", {
      form: { token: handed!, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(set.status).toBe(302);

    const replaced = `replaced-${crypto.randomUUID()}@example.com`;
    await invite(app, replaced);
    const replacedId = await userIdOf(replaced);
    const made = await app.request(`/admin/accounts/${replacedId}`, {
      cookie: admin.cookie,
      form: { intent: "invite-link" },
    });
    expect(linkIn(await made.text(), "accept-invite")).toBeTruthy();
    expect(await latestMailAbout(t.db, accountMailAbout(replacedId))).toMatchObject({
      status: "failed",
      error: REPLACED_BY_LINK,
    });

    const smtp = await startSmtpServer({ port });
    try {
      await retryDue(port);
      expect(smtp.messages.filter((m) => [accepted, replaced].some((to) => m.to.includes(to)))).toEqual([]);
      const acceptedId = await userIdOf(accepted);
      expect(await latestMailAbout(t.db, accountMailAbout(acceptedId))).toMatchObject({
        status: "failed",
        error: "The invitation was accepted meanwhile.",
      });
      const page = await html(await app.request(`/admin/accounts/${acceptedId}`, { cookie: admin.cookie }));
      expect(page).toContain("Failed: The invitation was accepted meanwhile.");
      // An account that has its password needs no invitation: no 'Send again' for it.
      expect(page).not.toContain("Send again</button>");
    } finally {
      await smtp.close();
    }
  });

  it("'Send again' on the account's page writes a new email, and the one waiting for its retry is not sent too", async () => {
    const port = await closedPort();
    const app = await appOn(port);
    const email = `again-${crypto.randomUUID()}@example.com`;
    const { id } = await upsertUser(t.db, { email, password: "the-old-password-1", role: "user" });
    const first = await app.request(`/admin/accounts/${id}`, {
      cookie: admin.cookie,
      form: { intent: "reset-link", send: "email" },
    });
    expect(await html(first)).toContain("The password-reset email could not be sent yet (ESOCKET");

    const smtp = await startSmtpServer({ port });
    try {
      const again = await app.request(`/admin/accounts/${id}`, {
        cookie: admin.cookie,
        form: { intent: "reset-link", send: "email" },
      });
      expect(await html(again)).toContain(`The password-reset link was emailed to ${email}.`);
      await retryDue(port);
      const received = smtp.messages.filter((m) => m.to.includes(email));
      expect(received).toHaveLength(1);
      expect((await mails(accountMailAbout(id))).map((row) => [row.status, row.error])).toEqual([
        ["failed", "Replaced by 'Send again'"],
        ["sent", null],
      ]);
      const token = linkIn(received[0].raw, "reset-password");
      expect((await app.request(`/admin/reset-password?token=${token}`)).status).toBe(200);
    } finally {
      await smtp.close();
    }
  });

  it("writes a 'Forgot password?' email with its request and sends it after the answer, even after a failed first try", async () => {
    const port = await closedPort();
    const app = await appOn(port);
    const email = `forgot-${crypto.randomUUID()}@example.com`;
    const { id } = await upsertUser(t.db, { email, password: "the-old-password-1", role: "user" });
    const answer = await app.request("/admin/forgot-password", { form: { email }, ip: "198.51.100.77" });
    expect(answer.status).toBe(200);
    // The first try runs after the answer; it fails (the server is down) and the email waits for its retry.
    const waiting = await eventually(async () => {
      const row = await latestMailAbout(t.db, accountMailAbout(id));
      return row?.error ? row : null;
    });
    expect(waiting).toMatchObject({ kind: "account-reset", status: "pending" });
    expect(
      (await t.db.selectFrom("outbox").select("requested_by").where("id", "=", waiting.id).executeTakeFirstOrThrow())
        .requested_by,
    ).toBeNull();

    const smtp = await startSmtpServer({ port });
    try {
      await retryDue(port);
      const received = smtp.messages.filter((m) => m.to.includes(email));
      expect(received).toHaveLength(1);
      const token = linkIn(received[0].raw, "reset-password");
      // Made by no one (the owner asked): an administrator's link would not be cancelled by it.
      expect(await t.db.selectFrom("account_tokens").select("issued_by").where("user_id", "=", id).execute()).toEqual([
        { issued_by: null },
      ]);
      const set = await app.request("/admin/reset-password", {
        form: { token: token!, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(set.status).toBe(302);
    } finally {
      await smtp.close();
    }
  });
});
