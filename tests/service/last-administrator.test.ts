import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { deleteAccount, findAccount, inviteAccount, setDisabled } from "~/features/accounts/accounts-admin.server";
import { changeRole } from "~/features/accounts/users-admin.server";
import { upsertUser } from "~/features/auth/users.server";
import type { Actor } from "~/lib/actor";
import { atOnceOnAdministrators, usableAdmins } from "../support/administrators";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

/**
 * The rule of issue 37 (ADR 0046) on the feature functions themselves: no change leaves the site without an
 * administrator who can sign in (role admin, not disabled, invitation accepted). The pages that call them are
 * `tests/integration/last-administrator.test.ts`. Each test has a database of its own: the rule counts everyone.
 */
let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.cleanup());

const LAST_ADMIN = "This is the last administrator.";

async function administrator(db: Db): Promise<Actor> {
  const email = `admin-${crypto.randomUUID()}@example.com`;
  const { id } = await upsertUser(db, { email, password: "a-long-test-password", role: "admin", name: "Admin" });
  return { id, email, fullName: null };
}

describe(`the last administrator who can sign in, on ${engineName}`, () => {
  it("refuses every way of removing them: a role change, disabling and deleting", async () => {
    const a = await administrator(t.db);
    const b = await administrator(t.db);
    const account = (await findAccount(t.db, a.id))!;
    expect(await setDisabled(t.db, a, (await findAccount(t.db, b.id))!, true, Date.now())).toMatchObject({ ok: true });
    expect(await changeRole(t.db, a, a.id, "user")).toMatchObject({
      ok: false,
      message: expect.stringContaining(LAST_ADMIN),
    });
    expect(await setDisabled(t.db, b, account, true, Date.now())).toMatchObject({ ok: false });
    expect(await deleteAccount(t.db, b, account, Date.now())).toMatchObject({ ok: false });
    expect(await usableAdmins(t.db)).toEqual([a.id]);
  });

  it("does not count an administrator invited but not yet signed up", async () => {
    const a = await administrator(t.db);
    const invite = { email: `invited-${crypto.randomUUID()}@example.com`, name: "Invited", role: "admin" as const };
    expect(await inviteAccount(t.db, a, invite, Date.now(), { email: false })).toMatchObject({ ok: true });
    expect(await changeRole(t.db, a, a.id, "user")).toMatchObject({
      ok: false,
      message: expect.stringContaining(LAST_ADMIN),
    });
    expect(await usableAdmins(t.db)).toEqual([a.id]);
  });

  it("keeps one administrator when the feature functions race: role change, disable and delete", async () => {
    const a = await administrator(t.db);
    const b = await administrator(t.db);
    const [accountA, accountB] = [(await findAccount(t.db, a.id))!, (await findAccount(t.db, b.id))!];
    const now = Date.now();
    const results = await atOnceOnAdministrators(
      t,
      () => changeRole(t.db, b, a.id, "user"),
      () => deleteAccount(t.db, a, accountB, now),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await usableAdmins(t.db)).toHaveLength(1);
    // And the one left cannot be disabled by a colleague who has just lost the role.
    const left = (await usableAdmins(t.db))[0];
    const refused = await setDisabled(t.db, left === a.id ? b : a, left === a.id ? accountA : accountB, true, now);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining(LAST_ADMIN) });
  });
});
