import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmEnrolment, enrolment } from "~/features/accounts/two-factor.server";
import { createSession } from "~/features/auth/session.server";
import { MAX_FAILURES } from "~/features/auth/throttle.server";
import { upsertUser } from "~/features/auth/users.server";
import { startSmtpServer } from "../support/smtp";
import { createTestApp, sessionTokenFrom, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

/**
 * Issue 37: the second step's code is limited per account across all addresses (recovery codes on a budget of
 * their own), a second-step cookie dies after five wrong codes, and turning off one's own second factor always asks
 * for a code, on every path, counted the same way.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let mailApp: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let clockMs = Date.now();
const clock = () => clockMs;
const PASSWORD = "a-brand-new-password";

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpServer();
  app = await createTestApp(t.db, t.dataDir, {}, { clock });
  mailApp = await createTestApp(t.db, t.dataDir, { smtpUrl: smtp.url }, { clock });
}, 120_000);
afterAll(async () => {
  await smtp.close();
  await t.cleanup();
});

let ipCounter = 0;
/** A fresh IPv6 /64 per call: the limits below must hold whatever the number of addresses. */
const freshIp = () => `2001:db8:37:${(++ipCounter).toString(16)}::1`;
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });
/** A six-digit code that is not the app's code now (nor one step either side). */
const wrongCode = (secret: string) => {
  const near = [-30_000, 0, 30_000].map((d) => codeAt(secret, clockMs + d));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!near.includes(code)) return code;
  }
};
/** Moves the clock to the next 30-second step, so a code of the app can be used again. */
const nextStep = () => (clockMs += 30_000);

async function enrolled(name = "Two Factor") {
  const email = `limits-${crypto.randomUUID()}@example.com`;
  const { id } = await upsertUser(t.db, { email, password: PASSWORD, role: "admin", name });
  const state = await enrolment(t.db, id);
  if (!state || state.enabled) throw new Error("not enrolling");
  const codes = await confirmEnrolment(t.db, { id, email, fullName: name }, codeAt(state.secret, clockMs), clockMs);
  nextStep();
  return { id, email, name, secret: state.secret, codes: codes! };
}

async function passwordStep(email: string, ip = freshIp()) {
  const answer = await app.request("/admin/login", { form: { email, password: PASSWORD }, ip });
  expect(answer.status).toBe(302);
  return `signin_2fa=${answer.headers.get("Set-Cookie")!.match(/signin_2fa=([^;]+)/)![1]}`;
}

const secondStep = (cookie: string, code: string, ip = freshIp(), via = app) =>
  via.request("/admin/login/two-factor", { cookie, form: { code }, ip });

async function activity(entityId: string) {
  return t.db.selectFrom("activity").selectAll().where("entity_id", "=", entityId).orderBy("at").execute();
}
const lockRows = async (id: string) =>
  (await activity(id)).filter((row) => JSON.parse(row.details ?? "{}").kind === "two-factor-locked");

describe(`the second step's limit per account on ${engineName}`, () => {
  it(`refuses codes for an account after ${MAX_FAILURES} wrong ones from as many addresses, even the right one`, async () => {
    const { email, secret } = await enrolled();
    const statuses: number[] = [];
    // One new address (and a new second-step cookie) per guess: the limit is the account's, not the address's.
    for (let i = 0; i < 21; i++) statuses.push((await secondStep(await passwordStep(email), wrongCode(secret))).status);
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), ...Array(21 - MAX_FAILURES).fill(429)]);

    const owner = await secondStep(await passwordStep(email), codeAt(secret, clockMs));
    expect(owner.status).toBe(429);
    expect(Number(owner.headers.get("Retry-After"))).toBeGreaterThan(800);
    const html = (await owner.text()).replace(/&#x27;/g, "'");
    expect(html).toContain("Too many wrong codes for this account");
    expect(html).toContain("recovery code");
  });

  it("still takes a recovery code while the app's codes are locked, and the app's codes again after 15 minutes", async () => {
    const { email, secret, codes } = await enrolled();
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await secondStep(await passwordStep(email), wrongCode(secret))).status).toBe(401);
    expect((await secondStep(await passwordStep(email), codeAt(secret, clockMs))).status).toBe(429);

    const recovered = await secondStep(await passwordStep(email), codes[0]);
    expect(recovered.status).toBe(302);
    expect(sessionTokenFrom(recovered)).toBeTruthy();

    const { email: other, secret: otherSecret } = await enrolled();
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await secondStep(await passwordStep(other), wrongCode(otherSecret))).status).toBe(401);
    clockMs += 15 * 60 * 1000 + 1000;
    expect((await secondStep(await passwordStep(other), codeAt(otherSecret, clockMs))).status).toBe(302);
  });

  it("counts wrong recovery codes on a budget of their own, per address: strangers cannot lock the owner out of it", async () => {
    const { email, codes } = await enrolled();
    // One address guessing is refused after its fifth wrong one...
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES + 1; i++)
      statuses.push((await secondStep(await passwordStep(email), "ccccc-ddddd", ip)).status);
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), 429]);
    // ...each new address gets its one try...
    for (let i = 0; i < 2 * MAX_FAILURES; i++)
      expect((await secondStep(await passwordStep(email), "aaaaa-bbbbb")).status).toBe(401);
    // ...and the owner, from an address with no wrong codes of its own, gets in with a recovery code.
    expect((await secondStep(await passwordStep(email), codes[1])).status).toBe(302);
  });

  it(`ends a second-step cookie after ${MAX_FAILURES} wrong codes`, async () => {
    const { email, secret } = await enrolled();
    const cookie = await passwordStep(email);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await secondStep(cookie, "zzzzz-zzzzz")).status).toBe(401);
    const fifth = await secondStep(cookie, "zzzzz-zzzzz");
    expect(fifth.status).toBe(302);
    expect(fifth.headers.get("Location")).toBe("/admin/login");
    expect(fifth.headers.get("Set-Cookie")).toMatch(/signin_2fa=;[^,]*Max-Age=0/i);
    // The cookie is spent: its page and its form send to the login, even with the right code.
    expect((await app.request("/admin/login/two-factor", { cookie })).status).toBe(302);
    const late = await secondStep(cookie, codeAt(secret, clockMs));
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe("/admin/login");
    expect(sessionTokenFrom(late)).toBeNull();
  });

  it("writes the lock to the activity log and emails the owner once per lock", async () => {
    const { id, email, secret } = await enrolled();
    const before = smtp.messages.length;
    for (let i = 0; i < MAX_FAILURES + 3; i++)
      await secondStep(await passwordStep(email), wrongCode(secret), freshIp(), mailApp);
    const rows = await lockRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "account", entity: "user" });
    expect(rows[0].summary).toContain("Two-factor codes locked for 15 minutes");
    const until = Date.now() + 10_000;
    while (!smtp.messages.slice(before).some((m) => m.to.includes(email)) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    const mails = smtp.messages.slice(before).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].raw.replace(/=\r?\n/g, "")).toContain("One of your recovery codes still signs you in");
    // Through the outbox (ADR 0051): written with the lock's entry, and sent.
    expect(
      await t.db
        .selectFrom("outbox")
        .select(["kind", "status", "recipient"])
        .where("about", "=", `user:${id}`)
        .execute(),
    ).toEqual([{ kind: "account-code-lock", status: "sent", recipient: email }]);
  });

  it("lifts the lock when the owner sets a password with an administrator's reset link", async () => {
    const { id, email, secret } = await enrolled();
    for (let i = 0; i < MAX_FAILURES; i++) await secondStep(await passwordStep(email), wrongCode(secret));
    expect((await secondStep(await passwordStep(email), codeAt(secret, clockMs))).status).toBe(429);
    const admin = await signedInAs(t.db, "admin");
    const made = await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie, form: { intent: "reset-link" } });
    const token = (await made.text()).match(/reset-password\?token=([A-Za-z0-9_-]{43})/)![1];
    const reset = await app.request("/admin/reset-password", {
      form: { token, password: PASSWORD, confirmPassword: PASSWORD },
      ip: freshIp(),
    });
    expect(reset.status).toBe(302);
    nextStep();
    expect((await secondStep(await passwordStep(email), codeAt(secret, clockMs))).status).toBe(302);
  });

  it("ends a second step begun with the old password when a new one is set", async () => {
    const { id, email, secret } = await enrolled();
    const begun = await passwordStep(email);
    const admin = await signedInAs(t.db, "admin");
    const made = await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie, form: { intent: "reset-link" } });
    const token = (await made.text()).match(/reset-password\?token=([A-Za-z0-9_-]{43})/)![1];
    const reset = await app.request("/admin/reset-password", {
      form: { token, password: PASSWORD, confirmPassword: PASSWORD },
      ip: freshIp(),
    });
    expect(reset.status).toBe(302);
    nextStep();
    const late = await secondStep(begun, codeAt(secret, clockMs));
    expect(sessionTokenFrom(late)).toBeNull();
  });
});

describe(`turning off one's own second factor on ${engineName}`, () => {
  const secretOf = async (id: string) =>
    (await t.db.selectFrom("users").select("totp_secret").where("id", "=", id).executeTakeFirstOrThrow()).totp_secret;

  it("refuses the account page's button for one's own account: the code is asked on the two-factor page", async () => {
    const { id } = await enrolled();
    const cookie = `session=${await createSession(t.db, id)}`;
    const page = await (await app.request(`/admin/accounts/${id}`, { cookie })).text();
    expect(page).not.toContain('value="two-factor-off"');
    expect(page).toContain('href="/admin/account/two-factor"');
    const refused = await app.request(`/admin/accounts/${id}`, { cookie, form: { intent: "two-factor-off" } });
    expect(refused.status).toBe(302);
    expect(await secretOf(id)).toBeTruthy();
    expect((await activity(id)).map((row) => row.summary)).not.toContain("Turned off two-factor sign-in");
  });

  it(`throttles wrong codes on the turn-off form per account, across addresses, like the second step`, async () => {
    const { id, secret } = await enrolled();
    const cookie = `session=${await createSession(t.db, id)}`;
    const turnOff = (code: string, ip = freshIp()) =>
      app.request("/admin/account/two-factor", { cookie, form: { intent: "turn-off", code }, ip });
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES + 2; i++) statuses.push((await turnOff(wrongCode(secret))).status);
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(400), 429, 429]);
    const right = await turnOff(codeAt(secret, clockMs));
    expect(right.status).toBe(429);
    expect((await right.text()).replace(/&#x27;/g, "'")).toContain("Too many wrong codes for this account");
    expect(await secretOf(id)).toBeTruthy();
    clockMs += 15 * 60 * 1000 + 1000;
    expect((await turnOff(codeAt(secret, clockMs))).status).toBe(302);
    expect(await secretOf(id)).toBeNull();
  });

  it("lets an administrator turn off a colleague's without a code, and logs it", async () => {
    const { id, name } = await enrolled("Lost Phone");
    const admin = await signedInAs(t.db, "admin");
    const off = await app.request(`/admin/accounts/${id}`, {
      cookie: admin.cookie,
      form: { intent: "two-factor-off" },
    });
    expect(off.status).toBe(302);
    expect(await secretOf(id)).toBeNull();
    expect(await activity(id)).toContainEqual(
      expect.objectContaining({ actor_id: admin.userId, summary: `Turned off two-factor sign-in for ${name}` }),
    );
  });
});
