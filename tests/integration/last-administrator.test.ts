import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { atOnceOnAdministrators, usableAdmins } from "../support/administrators";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

/**
 * One rule (issue 37, ADR 0046): no path leaves the site without an administrator who can sign in (role admin, not
 * disabled, invitation accepted), through the pages and the shell; the feature functions' own tests, races
 * included, are `tests/service/last-administrator.test.ts`. Each test has a database of its own.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
});
afterEach(() => t.cleanup());

const LAST_ADMIN = "This is the last administrator.";

const demote = (id: string, cookie: string) =>
  app.request(`/admin/user-management/edit/${id}`, { cookie, form: { role: "user", confirm: "on" } });
const accountAction = (id: string, cookie: string, intent: string) =>
  app.request(`/admin/accounts/${id}`, { cookie, form: { intent } });

describe(`the last administrator who can sign in, on ${engineName}`, () => {
  it("cannot demote themself once the other administrators are disabled (the review's reproduction)", async () => {
    const a = await signedInAs(t.db, "admin");
    const b = await signedInAs(t.db, "admin");
    const c = await signedInAs(t.db, "admin");
    for (const other of [b, c]) expect((await accountAction(other.userId, a.cookie, "disable")).status).toBe(302);
    expect(await usableAdmins(t.db)).toEqual([a.userId]);

    const refused = await demote(a.userId, a.cookie);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Error Updating User Role");
    expect(html).toContain(LAST_ADMIN);
    expect(await usableAdmins(t.db)).toEqual([a.userId]);
    expect((await app.request("/admin/dashboard", { cookie: a.cookie })).status).toBe(200);

    // Enabling a colleague again makes the demotion possible.
    expect((await accountAction(b.userId, a.cookie, "enable")).status).toBe(302);
    expect((await demote(a.userId, a.cookie)).status).toBe(302);
    expect(await usableAdmins(t.db)).toEqual([b.userId]);
  });

  it("does not count an administrator who has not accepted the invitation", async () => {
    const a = await signedInAs(t.db, "admin");
    const invited = await app.request("/admin/accounts", {
      cookie: a.cookie,
      form: { intent: "invite", email: `invited-${crypto.randomUUID()}@example.com`, name: "Invited", role: "admin" },
    });
    expect(invited.status).toBe(200);
    const token = (await invited.text()).match(/accept-invite\?token=([A-Za-z0-9_-]{43})/)![1];
    const refused = await demote(a.userId, a.cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(LAST_ADMIN);

    const password = "an-accepted-password";
    const accepted = await app.request("/admin/accept-invite", {
      form: { token, password, confirmPassword: password },
    });
    expect(accepted.status).toBe(302);
    expect((await demote(a.userId, a.cookie)).status).toBe(302);
  });

  it("lets an invited or disabled administrator be demoted, disabled or deleted while a usable one remains", async () => {
    const a = await signedInAs(t.db, "admin");
    const b = await signedInAs(t.db, "admin");
    await t.db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", b.userId).execute();
    expect((await demote(b.userId, a.cookie)).status).toBe(302);
    expect((await accountAction(b.userId, a.cookie, "delete")).headers.get("Location")).toBe("/admin/accounts");
    expect(await usableAdmins(t.db)).toEqual([a.userId]);
  });

  it("refuses `npm run user:add --role user` for the last administrator who can sign in", async () => {
    const a = await signedInAs(t.db, "admin");
    const b = await signedInAs(t.db, "admin");
    await t.db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", b.userId).execute();
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.databaseUrl,
    };
    if (!t.databaseUrl) delete env.DATABASE_URL;
    const run = (email: string) =>
      execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "scripts/user-add.ts",
          "--email",
          email,
          "--password",
          "a-new-long-password",
          "--role",
          "user",
        ],
        { env, stdio: "pipe" },
      );
    let failure: { status: number; stderr: Buffer } | undefined;
    try {
      run(a.email);
    } catch (error) {
      failure = error as { status: number; stderr: Buffer };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr.toString()).toContain(LAST_ADMIN);
    expect(await usableAdmins(t.db)).toEqual([a.userId]);
    // A disabled administrator can still be made a user from the shell.
    run(b.email);
    const role = await t.db.selectFrom("profiles").select("role").where("id", "=", b.userId).executeTakeFirst();
    expect(role?.role).toBe("user");
  }, 60_000);

  it("lets only one of two administrators demoting each other at the same moment succeed", async () => {
    const a = await signedInAs(t.db, "admin");
    const b = await signedInAs(t.db, "admin");
    const [first, second] = await atOnceOnAdministrators(
      t,
      () => demote(b.userId, a.cookie),
      () => demote(a.userId, b.cookie),
    );
    // The loser is refused by the rule (409), or, had the winner's change landed first, by the guard (403).
    expect([first.status, second.status].filter((s) => s === 302)).toHaveLength(1);
    expect(await usableAdmins(t.db)).toHaveLength(1);
  });

  it("lets only one of a demotion and a disabling sent at once remove an administrator", async () => {
    const a = await signedInAs(t.db, "admin");
    const b = await signedInAs(t.db, "admin");
    await atOnceOnAdministrators(
      t,
      () => demote(b.userId, a.cookie),
      () => accountAction(a.userId, b.cookie, "disable"),
    );
    const roleOfB = await t.db.selectFrom("profiles").select("role").where("id", "=", b.userId).executeTakeFirst();
    const userA = await t.db.selectFrom("users").select("disabled_at").where("id", "=", a.userId).executeTakeFirst();
    expect([roleOfB?.role === "user", userA?.disabled_at != null].filter(Boolean)).toHaveLength(1);
    expect(await usableAdmins(t.db)).toHaveLength(1);
  });
});
