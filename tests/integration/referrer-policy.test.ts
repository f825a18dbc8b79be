import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSetupToken } from "~/features/auth/setup.server";
import { upsertUser } from "~/features/auth/users.server";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// The pages whose address carries a secret token (setup, invitation, password reset) ask for no Referer at all; the
// site-wide default (strict-origin-when-cross-origin) must not overwrite that stricter policy (issue 37).

let empty: TestDatabase;
let t: TestDatabase;
let fresh: Awaited<ReturnType<typeof createTestApp>>;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  empty = await createTestDatabase();
  fresh = await createTestApp(empty.db, empty.dataDir);
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
});
afterAll(async () => {
  await empty?.cleanup();
  await t?.cleanup();
});

const linkIn = (html: string, kind: "accept-invite" | "reset-password") =>
  html.match(new RegExp(`/admin/${kind}\\?token=([A-Za-z0-9_-]{43})`))?.[1] ?? null;

describe(`Referrer-Policy on ${engineName}`, () => {
  it("keeps no-referrer on the setup page, answered or refused", async () => {
    const token = await issueSetupToken(empty.db);
    const page = await fresh.request(`/admin/setup?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect((await fresh.request("/admin/setup?token=not-a-token")).headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("keeps no-referrer on the invitation and reset pages, and their refused forms", async () => {
    const admin = await signedInAs(t.db, "admin");
    const invited = await app.request("/admin/accounts", {
      cookie: admin.cookie,
      form: { intent: "invite", email: `invitee-${crypto.randomUUID()}@example.com`, name: "Priya", role: "admin" },
    });
    const inviteToken = linkIn(await invited.text(), "accept-invite");
    expect(inviteToken).toBeTruthy();
    const invite = await app.request(`/admin/accept-invite?token=${inviteToken}`);
    expect(invite.status).toBe(200);
    expect(invite.headers.get("Referrer-Policy")).toBe("no-referrer");

    const { id } = await upsertUser(t.db, {
      email: `reset-${crypto.randomUUID()}@example.com`,
      password: "x".repeat(16),
      role: "admin",
    });
    const made = await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie, form: { intent: "reset-link" } });
    const resetToken = linkIn(await made.text(), "reset-password");
    expect(resetToken).toBeTruthy();
    const reset = await app.request(`/admin/reset-password?token=${resetToken}`);
    expect(reset.status).toBe(200);
    expect(reset.headers.get("Referrer-Policy")).toBe("no-referrer");
    const refused = await app.request(`/admin/reset-password?token=${resetToken}`, {
      form: { token: resetToken!, password: "a-brand-new-password", confirmPassword: "another-password" },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("gives every other answer the site's default", async () => {
    for (const path of ["/", "/admin/login", "/no-such-page"])
      expect((await app.request(path)).headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
  });
});
