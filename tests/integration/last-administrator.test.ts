import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteAccount, findAccount, setDisabled } from "~/features/accounts/accounts-admin.server";
import { changeRole } from "~/features/accounts/users-admin.server";
import type { Db } from "~/db/database.server";
import { holdRows } from "../support/row-lock";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, usingPostgres, type TestDatabase } from "../support/test-db";

/**
 * One rule (issue 37, ADR 0046): no path leaves the site without an administrator who can sign in (role admin, not
 * disabled, invitation accepted). Each test has a database of its own: the rule is about everyone in it.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
});
afterEach(() => t.cleanup());

const LAST_ADMIN = "This is the last administrator.";

async function usableAdmins(db: Db) {
  const rows = await db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.id")
    .select("profiles.id")
    .where("profiles.role", "=", "admin")
    .where("users.disabled_at", "is", null)
    .where("users.password_hash", "!=", "")
    .execute();
  return rows.map((r) => r.id).sort();
}

const demote = (id: string, cookie: string) =>
  app.request(`/admin/user-management/edit/${id}`, { cookie, form: { role: "user", confirm: "on" } });
const accountAction = (id: string, cookie: string, intent: string) =>
  app.request(`/admin/accounts/${id}`, { cookie, form: { intent } });

/** PostgreSQL: every administrator's rows held from another connection, a barrier for requests sent at once. */
const holdAdminRows = () =>
  holdRows(
    t.databaseUrl!,
    "SELECT profiles.id FROM profiles JOIN users ON users.id = profiles.id WHERE profiles.role = 'admin' FOR UPDATE",
  );

/** Runs both at once; on PostgreSQL both are held at the lock first, then let go together. */
async function atOnce<A, B>(first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  if (!usingPostgres) return Promise.all([first(), second()]);
  const held = await holdAdminRows();
  const both = Promise.all([first(), second()]);
  try {
    await held.waitForWaiting(2);
  } finally {
    await held.release();
  }
  return both;
}

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
    const [first, second] = await atOnce(
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
    await atOnce(
      () => demote(b.userId, a.cookie),
      () => accountAction(a.userId, b.cookie, "disable"),
    );
    const roleOfB = await t.db.selectFrom("profiles").select("role").where("id", "=", b.userId).executeTakeFirst();
    const userA = await t.db.selectFrom("users").select("disabled_at").where("id", "=", a.userId).executeTakeFirst();
    expect([roleOfB?.role === "user", userA?.disabled_at != null].filter(Boolean)).toHaveLength(1);
    expect(await usableAdmins(t.db)).toHaveLength(1);
  });

  it("keeps one administrator when the feature functions race: role change, disable and delete", async () => {
    const a = await signedInAs(t.db, "admin");
    const b = await signedInAs(t.db, "admin");
    const actorA = { id: a.userId, email: a.email, fullName: null };
    const actorB = { id: b.userId, email: b.email, fullName: null };
    const [accountA, accountB] = [(await findAccount(t.db, a.userId))!, (await findAccount(t.db, b.userId))!];
    const now = Date.now();
    const results = await atOnce(
      () => changeRole(t.db, actorB, a.userId, "user"),
      () => deleteAccount(t.db, actorA, accountB, now),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await usableAdmins(t.db)).toHaveLength(1);
    // And the one left cannot be disabled by a colleague who has just lost the role.
    const left = (await usableAdmins(t.db))[0];
    const refused = await setDisabled(
      t.db,
      left === a.userId ? actorB : actorA,
      left === a.userId ? accountA : accountB,
      true,
      now,
    );
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining(LAST_ADMIN) });
  });
});
