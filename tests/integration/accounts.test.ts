import { Secret, TOTP } from "otpauth";
import { ROLE_SENTENCES } from "~/features/accounts/users.schema";
import { visibleText } from "../support/page-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { upsertUser } from "~/features/auth/users.server";
import { startSmtpServer } from "../support/smtp";
import { createTestApp, sessionTokenFrom, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

/**
 * Accounts in the back office (issue 27, ADR 0034): invitations, password resets, disabling and deleting, sessions,
 * two-factor sign-in, through the real server; rate limits, and answers that never tell whether an account exists.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let mailApp: Awaited<ReturnType<typeof createTestApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let clockMs = Date.now();
const clock = () => clockMs;
const HOUR = 60 * 60 * 1000;
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
/** A fresh address per scenario, so the throttles of one test do not refuse the next. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function login(a: typeof app, email: string, password: string, ip = freshIp()) {
  return a.request("/admin/login", { form: { email, password, redirectTo: "/admin/dashboard" }, ip });
}

const linkIn = (html: string, kind: "accept-invite" | "reset-password") =>
  html.match(new RegExp(`(?:https?://[^"\\s]+)?/admin/${kind}\\?token=([A-Za-z0-9_-]{43})`))?.[1] ?? null;

async function activity(action: string, entityId?: string) {
  return t.db
    .selectFrom("activity")
    .selectAll()
    .where("action", "=", action)
    .$if(!!entityId, (q) => q.where("entity_id", "=", entityId!))
    .orderBy("at")
    .execute();
}

async function waitFor<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`invitations on ${engineName}`, () => {
  it("invites a colleague without SMTP: the link is shown, works once for 48 hours, and sets the password", async () => {
    const admin = await signedInAs(t.db, "admin");
    const email = `invitee-${crypto.randomUUID()}@example.com`;
    const page = await app.request("/admin/accounts", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain("<title>Accounts</title>");
    expect(pageHtml).toContain("Invite User");

    const invited = await app.request("/admin/accounts", {
      cookie: admin.cookie,
      form: { intent: "invite", email, name: "Priya Shah", role: "admin" },
      ip: "203.0.113.7",
    });
    expect(invited.status).toBe(200);
    const token = linkIn(await invited.text(), "accept-invite");
    expect(token).toBeTruthy();
    // Only its hash is stored.
    expect(JSON.stringify(await t.db.selectFrom("account_tokens").selectAll().execute())).not.toContain(token);
    const [row] = await activity(
      "account",
      (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id,
    );
    expect(row).toMatchObject({ actor_id: admin.userId, ip: "203.0.113.7" });
    expect(row.summary).toContain(`Invited ${email}`);

    // The invited account cannot sign in before it has a password.
    expect((await login(app, email, "")).status).toBe(400);
    expect((await login(app, email, "anything-long-enough")).status).toBe(401);
    const list = await (await app.request("/admin/accounts", { cookie: admin.cookie })).text();
    expect(list).toContain("Invited");

    expect((await app.request(`/admin/accept-invite?token=${token}`)).status).toBe(200);
    const mismatch = await app.request("/admin/accept-invite", {
      form: { token: token!, password: PASSWORD, confirmPassword: "something-else-entirely" },
    });
    expect(mismatch.status).toBe(400);
    const set = await app.request("/admin/accept-invite", {
      form: { token: token!, password: PASSWORD, confirmPassword: PASSWORD },
    });
    // Signed in at once (issue 41: they were sent to sign in again with the password just chosen).
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe("/admin/dashboard");
    const welcomed = `session=${sessionTokenFrom(set)}`;
    expect((await app.request("/admin/dashboard", { cookie: welcomed })).status).toBe(200);
    // Used up.
    expect((await app.request(`/admin/accept-invite?token=${token}`)).status).toBe(404);
    const again = await app.request("/admin/accept-invite", {
      form: { token: token!, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(again.status).toBe(404);

    const signedIn = await login(app, email, PASSWORD, "203.0.113.9");
    expect(signedIn.status).toBe(302);
    const cookie = `session=${sessionTokenFrom(signedIn)}`;
    expect((await app.request("/admin/dashboard", { cookie })).status).toBe(200);
    const user = await t.db
      .selectFrom("users")
      .select(["id", "last_sign_in_at"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.last_sign_in_at).toBeTruthy();
    expect(await activity("sign-in", user.id)).toEqual([
      expect.objectContaining({ actor_id: user.id, summary: "Signed in (invitation accepted)" }),
      expect.objectContaining({ actor_id: user.id, ip: "203.0.113.9", summary: "Signed in" }),
    ]);
    // The account's sessions list shows it, with its address.
    const accountPage = await (await app.request(`/admin/accounts/${user.id}`, { cookie: admin.cookie })).text();
    expect(accountPage).toContain("203.0.113.9");
  });

  it("invites only as admin, saying what the role can do: a user account could not use the back office", async () => {
    // Seen (issue 41): a colleague invited as "user" set a password and was told 'Access Denied'.
    const admin = await signedInAs(t.db, "admin");
    const page = visibleText(await (await app.request("/admin/accounts", { cookie: admin.cookie })).text());
    expect(page).toContain(`Role: admin. ${ROLE_SENTENCES.admin}`);
    const email = `user-role-${crypto.randomUUID()}@example.com`;
    const refused = await app.request("/admin/accounts", {
      cookie: admin.cookie,
      form: { intent: "invite", email, name: "Arjun", role: "user" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("An invited colleague is an admin");
    expect(await t.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("emails the invitation when SMTP is set, and the link expires after 48 hours", async () => {
    const admin = await signedInAs(t.db, "admin");
    const email = `mailed-${crypto.randomUUID()}@example.com`;
    const before = smtp.messages.length;
    const invited = await mailApp.request("/admin/accounts", {
      cookie: admin.cookie,
      form: { intent: "invite", email, name: "Arjun", role: "admin" },
    });
    expect(invited.status).toBe(200);
    const html = await invited.text();
    expect(html).toContain("Invitation sent to");
    expect(linkIn(html, "accept-invite")).toBeNull();
    const mail = await waitFor(() => smtp.messages.slice(before).find((m) => m.to.includes(email)));
    const token = linkIn(mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="), "accept-invite");
    // An absolute link on the site's own origin (PUBLIC_URL; here the default), never the request's Host.
    expect(mail.raw.replace(/=\r?\n/g, "")).toMatch(/http:\/\/localhost:\d+\/admin\/accept-invite\?token=3D/);
    expect(token).toBeTruthy();
    // A second invitation of the same email is refused (the administrator knows who has an account).
    const twice = await mailApp.request("/admin/accounts", {
      cookie: admin.cookie,
      form: { intent: "invite", email, name: "Arjun", role: "admin" },
    });
    expect(twice.status).toBe(409);

    clockMs += 47 * HOUR;
    expect((await app.request(`/admin/accept-invite?token=${token}`)).status).toBe(200);
    clockMs += 2 * HOUR;
    expect((await app.request(`/admin/accept-invite?token=${token}`)).status).toBe(404);
    const late = await app.request("/admin/accept-invite", {
      form: { token: token!, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(late.status).toBe(404);
  });
});

describe(`password reset on ${engineName}`, () => {
  it("answers 'Forgot password?' the same for any email, emails a one-hour link only to an account", async () => {
    const login_ = await (await app.request("/admin/login")).text();
    expect(login_).toContain('href="/admin/forgot-password"');
    expect(login_).toContain("Forgot password?");

    const email = `reset-${crypto.randomUUID()}@example.com`;
    const { id } = await upsertUser(t.db, { email, password: "the-old-password-1", role: "admin", name: "Reset Me" });
    const oldSession = `session=${await createSession(t.db, id)}`;
    const before = smtp.messages.length;

    const known = await mailApp.request("/admin/forgot-password", { form: { email }, ip: freshIp() });
    const unknown = await mailApp.request("/admin/forgot-password", {
      form: { email: `nobody-${crypto.randomUUID()}@example.com` },
      ip: freshIp(),
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [knownHtml, unknownHtml] = [await known.text(), await unknown.text()];
    expect(knownHtml).toContain("If an account exists for that email, we&#x27;ve sent a link");
    // The same page, to the byte, apart from the build's per-answer nonces.
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    expect(strip(knownHtml)).toBe(strip(unknownHtml));

    const mail = await waitFor(() => smtp.messages.slice(before).find((m) => m.to.includes(email)));
    await new Promise((r) => setTimeout(r, 300));
    expect(
      smtp.messages
        .slice(before)
        .map((m) => m.to)
        .flat(),
    ).toEqual([email]);
    const token = linkIn(mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="), "reset-password");
    expect(token).toBeTruthy();

    expect((await app.request(`/admin/reset-password?token=${token}`)).status).toBe(200);
    // An invitation link is not a reset link.
    expect((await app.request(`/admin/accept-invite?token=${token}`)).status).toBe(404);
    const reset = await app.request("/admin/reset-password", {
      form: { token: token!, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(reset.status).toBe(302);
    // Whoever was signed in with the old password is out.
    expect((await app.request("/admin/dashboard", { cookie: oldSession })).status).toBe(302);
    expect((await login(app, email, "the-old-password-1")).status).toBe(401);
    expect((await login(app, email, PASSWORD)).status).toBe(302);
    expect((await activity("account", id)).map((r) => r.summary)).toEqual(
      expect.arrayContaining([`Password reset requested for ${email}`, "Reset the password"]),
    );
  });

  it("expires a reset link after an hour", async () => {
    const email = `late-${crypto.randomUUID()}@example.com`;
    const { id } = await upsertUser(t.db, { email, password: "the-old-password-1", role: "admin" });
    const admin = await signedInAs(t.db, "admin");
    const made = await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie, form: { intent: "reset-link" } });
    expect(made.status).toBe(200);
    const token = linkIn(await made.text(), "reset-password");
    expect(token).toBeTruthy();
    clockMs += HOUR + 1000;
    const late = await app.request("/admin/reset-password", {
      form: { token: token!, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(late.status).toBe(404);
  });

  it("rate-limits 'Forgot password?' per address and per email, the same for known and unknown emails", async () => {
    const email = `flood-${crypto.randomUUID()}@example.com`;
    await upsertUser(t.db, { email, password: "the-old-password-1", role: "admin" });
    for (const target of [email, `ghost-${crypto.randomUUID()}@example.com`]) {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await app.request("/admin/forgot-password", { form: { email: target }, ip })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it("emails one account at most one reset link per 5 minutes, whatever the addresses asking", async () => {
    const email = `bombed-${crypto.randomUUID()}@example.com`;
    await upsertUser(t.db, { email, password: "the-old-password-1", role: "admin" });
    const before = smtp.messages.length;
    for (let i = 0; i < 4; i++)
      expect((await mailApp.request("/admin/forgot-password", { form: { email }, ip: freshIp() })).status).toBe(200);
    await waitFor(() => smtp.messages.slice(before).find((m) => m.to.includes(email)));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("rate-limits guessing at links per address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
      statuses.push(
        (
          await app.request("/admin/reset-password", {
            form: { token, password: PASSWORD, confirmPassword: PASSWORD },
            ip,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe(`disabling, deleting and sessions on ${engineName}`, () => {
  it("disables an account: its sessions end and sign-in is refused as a wrong password; enabling lets it back", async () => {
    const admin = await signedInAs(t.db, "admin");
    const email = `colleague-${crypto.randomUUID()}@example.com`;
    const { id } = await upsertUser(t.db, { email, password: PASSWORD, role: "admin" });
    const session = `session=${await createSession(t.db, id)}`;
    const disabled = await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie, form: { intent: "disable" } });
    expect(disabled.status).toBe(302);
    expect((await app.request("/admin/dashboard", { cookie: session })).status).toBe(302);
    const refused = await login(app, email, PASSWORD);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("Invalid email or password.");
    expect((await activity("sign-in-refused", id)).at(-1)?.summary).toBe("Sign-in refused: account disabled");

    await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie, form: { intent: "enable" } });
    expect((await login(app, email, PASSWORD)).status).toBe(302);
    expect((await activity("account", id)).map((r) => r.summary)).toEqual([
      `Disabled the account ${email}`,
      `Enabled the account ${email}`,
    ]);
  });

  it("never disables or deletes yourself, nor the last administrator who can sign in", async () => {
    const s = await createTestDatabase();
    try {
      const solo = await createTestApp(s.db, s.dataDir);
      const admin = await signedInAs(s.db, "admin");
      for (const intent of ["disable", "delete"]) {
        const answer = await solo.request(`/admin/accounts/${admin.userId}`, {
          cookie: admin.cookie,
          form: { intent },
        });
        expect(answer.status).toBe(302);
      }
      const user = await s.db
        .selectFrom("users")
        .select(["disabled_at"])
        .where("id", "=", admin.userId)
        .executeTakeFirst();
      expect(user).toEqual({ disabled_at: null });
      // Another administrator may be deleted; the account's activity rows keep its name.
      const other = await signedInAs(s.db, "admin");
      const gone = await solo.request(`/admin/accounts/${other.userId}`, {
        cookie: admin.cookie,
        form: { intent: "delete" },
      });
      expect(gone.headers.get("Location")).toBe("/admin/accounts");
      expect(
        await s.db.selectFrom("users").select("id").where("id", "=", other.userId).executeTakeFirst(),
      ).toBeUndefined();
      const [row] = await s.db.selectFrom("activity").selectAll().where("entity_id", "=", other.userId).execute();
      expect(row.summary).toBe(`Deleted the account ${other.email}`);
    } finally {
      await s.cleanup();
    }
  });

  it("lists an account's sessions and ends one", async () => {
    const admin = await signedInAs(t.db, "admin");
    const { id } = await upsertUser(t.db, {
      email: `sessions-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      role: "admin",
    });
    const first = `session=${await createSession(t.db, id, { ip: "192.0.2.55" })}`;
    const second = `session=${await createSession(t.db, id)}`;
    const page = await (await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie })).text();
    expect(page).toContain("192.0.2.55");
    const [row] = await t.db.selectFrom("sessions").select("id").where("ip", "=", "192.0.2.55").execute();
    await app.request(`/admin/accounts/${id}`, {
      cookie: admin.cookie,
      form: { intent: "end-session", session: row.id },
    });
    expect((await app.request("/admin/dashboard", { cookie: first })).status).toBe(302);
    expect((await app.request("/admin/dashboard", { cookie: second })).status).toBe(200);
    expect((await activity("account", id)).map((r) => r.summary)).toEqual([
      expect.stringMatching(/^Ended a session of/),
    ]);
  });

  it("writes a refused sign-in for an unknown email with no actor and the address", async () => {
    const ip = freshIp();
    await login(app, `unknown-${crypto.randomUUID()}@example.com`, "whatever-password", ip);
    const rows = await t.db.selectFrom("activity").selectAll().where("ip", "=", ip).execute();
    expect(rows).toEqual([
      expect.objectContaining({ action: "sign-in-refused", actor_id: null, summary: "Sign-in refused: unknown email" }),
    ]);
  });
});

describe(`two-factor sign-in on ${engineName}`, () => {
  const codeAt = (secret: string, ms: number) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });

  async function enrolled() {
    const email = `twofa-${crypto.randomUUID()}@example.com`;
    const { id } = await upsertUser(t.db, { email, password: PASSWORD, role: "admin", name: "Two Factor" });
    const cookie = `session=${await createSession(t.db, id)}`;
    expect((await app.request("/admin/account/two-factor", { cookie })).status).toBe(200);
    const { totp_pending_secret: secret } = await t.db
      .selectFrom("users")
      .select("totp_pending_secret")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const wrong = await app.request("/admin/account/two-factor", { cookie, form: { intent: "enrol", code: "000000" } });
    expect(wrong.status).toBe(400);
    const done = await app.request("/admin/account/two-factor", {
      cookie,
      form: { intent: "enrol", code: codeAt(secret!, clockMs) },
    });
    expect(done.status).toBe(200);
    const codes = [...(await done.text()).matchAll(/>([a-z2-9]{5}-[a-z2-9]{5})</g)].map((m) => m[1]);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db
      .selectFrom("users")
      .select("totp_recovery_hashes")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.totp_recovery_hashes).not.toContain(codes[0]);
    return { id, email, secret: secret!, codes };
  }

  // The second step comes from the same address as the first.
  let stepIp = "";
  async function passwordStep(email: string, ip = (stepIp = freshIp())) {
    const answer = await login(app, email, PASSWORD, ip);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/login/two-factor?redirectTo=%2Fadmin%2Fdashboard");
    expect(sessionTokenFrom(answer)).toBeNull();
    const pending = answer.headers.get("Set-Cookie")!.match(/signin_2fa=([^;]+)/)![1];
    return `signin_2fa=${pending}`;
  }

  it("enrols with a code, then asks for a code after the password; a code works once, a recovery code once", async () => {
    const { id, email, secret, codes } = await enrolled();
    clockMs += 60_000;
    const pending = await passwordStep(email);
    expect((await app.request("/admin/login/two-factor", { cookie: pending })).status).toBe(200);
    const wrong = await app.request("/admin/login/two-factor", { cookie: pending, form: { code: "123456" } });
    expect(wrong.status).toBe(401);
    const code = codeAt(secret, clockMs);
    const ok = await app.request("/admin/login/two-factor", {
      cookie: pending,
      form: { code, redirectTo: "/admin/dashboard" },
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/dashboard");
    const session = `session=${sessionTokenFrom(ok)}`;
    expect((await app.request("/admin/dashboard", { cookie: session })).status).toBe(200);
    // The step's token is used up, and the same code is not accepted again.
    expect((await app.request("/admin/login/two-factor", { cookie: pending })).status).toBe(302);
    const replay = await app.request("/admin/login/two-factor", { cookie: await passwordStep(email), form: { code } });
    expect(replay.status).toBe(401);

    // A second later on the tests' clock: the timeline orders the two sign-ins by their time, never by chance.
    clockMs += 1000;
    const recovery = await app.request("/admin/login/two-factor", {
      cookie: await passwordStep(email),
      form: { code: codes[3].toUpperCase() },
    });
    expect(recovery.status).toBe(302);
    const reused = await app.request("/admin/login/two-factor", {
      cookie: await passwordStep(email),
      form: { code: codes[3] },
    });
    expect(reused.status).toBe(401);
    expect((await activity("sign-in", id)).map((r) => r.summary)).toEqual([
      "Signed in (two-factor)",
      "Signed in (recovery code)",
    ]);
    expect((await activity("account", id)).map((r) => r.summary)).toContain("Turned on two-factor sign-in");

    // Signing out is logged too; turning two-factor off asks for a current code.
    const out = await app.request("/admin/logout", { cookie: session, form: {} });
    expect(out.status).toBe(302);
    expect(await activity("sign-out", id)).toHaveLength(1);
    const cookie = `session=${await createSession(t.db, id)}`;
    const page = await (await app.request("/admin/account/two-factor", { cookie })).text();
    expect(page.replace(/<!-- -->/g, "")).toContain("9 recovery codes left");
    expect(page).not.toContain(secret);
    clockMs += 120_000;
    const refused = await app.request("/admin/account/two-factor", {
      cookie,
      form: { intent: "turn-off", code: "000000" },
    });
    expect(refused.status).toBe(400);
    const off = await app.request("/admin/account/two-factor", {
      cookie,
      form: { intent: "turn-off", code: codeAt(secret, clockMs) },
    });
    expect(off.status).toBe(302);
    expect((await login(app, email, PASSWORD)).headers.get("Location")).toBe("/admin/dashboard");
  });

  it("rate-limits codes per account", async () => {
    const { email } = await enrolled();
    const pending = await passwordStep(email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await app.request("/admin/login/two-factor", { cookie: pending, form: { code: "000000" }, ip: stepIp }))
          .status,
      );
    // The fifth wrong code spends the cookie (back to the password); a new one finds the account's codes locked.
    expect(statuses).toEqual([401, 401, 401, 401, 302]);
    const again = await app.request("/admin/login/two-factor", {
      cookie: await passwordStep(email),
      form: { code: "000000" },
      ip: stepIp,
    });
    expect(again.status).toBe(429);
  });

  it("sends an admin without two-factor to enrol when an administrator requires it for all", async () => {
    const s = await createTestDatabase();
    try {
      const a = await createTestApp(s.db, s.dataDir);
      const admin = await signedInAs(s.db, "admin");
      const saved = await a.request("/admin/accounts", {
        cookie: admin.cookie,
        form: { intent: "require-two-factor", required: "on" },
      });
      expect(saved.status).toBe(302);
      const sent = await a.request("/admin/dashboard", { cookie: admin.cookie });
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe("/admin/account/two-factor?required=1");
      const enrol = await a.request("/admin/account/two-factor?required=1", { cookie: admin.cookie });
      expect(enrol.status).toBe(200);
      expect(await enrol.text()).toContain("Two-factor sign-in is required for all administrators");
    } finally {
      await s.cleanup();
    }
  });
});
