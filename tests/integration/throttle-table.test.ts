import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURE_WINDOW_MS, MAX_FAILURES } from "~/features/auth/throttle.server";
import { upsertUser } from "~/features/auth/users.server";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

/**
 * Issue 37: the sign-in throttle's table stays bounded (a refused address writes nothing, old rows go), and the
 * one-time link pages count a GET like a POST.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let clockMs = Date.now();
const clock = () => clockMs;
const PASSWORD = "a-brand-new-password";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, {}, { clock });
}, 120_000);
afterAll(() => t.cleanup());

const rowCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("login_throttle")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const randomToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
const signIn = (email: string, ip: string) =>
  app.request("/admin/login", { form: { email, password: "not-the-password" }, ip });

describe(`the sign-in throttle's table on ${engineName}`, () => {
  it("writes nothing for an address already refused: 1,000 new emails leave the table as it was", async () => {
    const ip = "203.0.113.201";
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signIn(`first-${i}@example.com`, ip)).status).toBe(401);
    const before = await rowCount();
    for (let i = 0; i < 1000; i++) {
      const answer = await signIn(`${"x".repeat(180)}-${i}@example.com`, ip);
      expect(answer.status).toBe(429);
    }
    expect(await rowCount()).toBe(before);
  }, 120_000);

  it("removes rows whose window or lock has passed, and keeps the live ones and the day-long counts", async () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    clockMs += 2 * 60 * 1000;
    const now = clockMs;
    const old = iso(now - FAILURE_WINDOW_MS - 1000);
    await t.db
      .insertInto("login_throttle")
      .values([
        { key: "ip:198.51.100.250", failures: 2, first_failure_at: old, locked_until: null },
        { key: "email:old@example.com", failures: 1, first_failure_at: old, locked_until: null },
        { key: "2fa-user:gone", failures: 5, first_failure_at: old, locked_until: iso(now - 1000) },
        { key: "link-ip:198.51.100.250", failures: 5, first_failure_at: old, locked_until: iso(now + 60_000) },
        { key: "ip:198.51.100.251", failures: 1, first_failure_at: iso(now - 1000), locked_until: null },
        { key: "receipt:abc", failures: 3, first_failure_at: iso(now - 2 * 60 * 60 * 1000), locked_until: null },
        { key: "inquiry:old", failures: 3, first_failure_at: iso(now - 3 * 24 * 60 * 60 * 1000), locked_until: null },
      ])
      .execute();
    expect((await signIn("someone@example.com", "203.0.113.202")).status).toBe(401);
    const keys = (await t.db.selectFrom("login_throttle").select("key").execute()).map((r) => r.key);
    expect(keys).not.toContain("ip:198.51.100.250");
    expect(keys).not.toContain("email:old@example.com");
    expect(keys).not.toContain("2fa-user:gone");
    expect(keys).not.toContain("inquiry:old");
    expect(keys).toEqual(
      expect.arrayContaining(["link-ip:198.51.100.250", "ip:198.51.100.251", "receipt:abc", "ip:203.0.113.202"]),
    );
  });
});

describe(`one-time link pages counted on GET on ${engineName}`, () => {
  const resetLink = async () => {
    const { id } = await upsertUser(t.db, {
      email: `links-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      role: "admin",
    });
    const admin = await signedInAs(t.db, "admin");
    const made = await app.request(`/admin/accounts/${id}`, { cookie: admin.cookie, form: { intent: "reset-link" } });
    return (await made.text()).match(/reset-password\?token=([A-Za-z0-9_-]{43})/)![1];
  };

  it("counts failed GETs of reset and invitation links per address, then answers 429 even to a live link", async () => {
    const ip = "203.0.113.210";
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES; i++) {
      const page = i % 2 ? "reset-password" : "accept-invite";
      statuses.push((await app.request(`/admin/${page}?token=${randomToken()}`, { ip })).status);
    }
    expect(statuses).toEqual(Array(MAX_FAILURES).fill(404));
    const token = await resetLink();
    const refused = await app.request(`/admin/reset-password?token=${token}`, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many attempts");
    // The same address's POST is refused too, and the link still works from elsewhere.
    const post = await app.request("/admin/reset-password", {
      form: { token, password: PASSWORD, confirmPassword: PASSWORD },
      ip,
    });
    expect(post.status).toBe(429);
    expect((await app.request(`/admin/reset-password?token=${token}`, { ip: "203.0.113.211" })).status).toBe(200);
  });

  it("refuses on GET an address already refused for wrong links by POST, and does not count a live link's GET", async () => {
    const ip = "203.0.113.212";
    for (let i = 0; i < MAX_FAILURES; i++)
      await app.request("/admin/reset-password", {
        form: { token: randomToken(), password: PASSWORD, confirmPassword: PASSWORD },
        ip,
      });
    expect((await app.request(`/admin/accept-invite?token=${randomToken()}`, { ip })).status).toBe(429);

    const token = await resetLink();
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES + 2; i++)
      statuses.push((await app.request(`/admin/reset-password?token=${token}`, { ip: "203.0.113.213" })).status);
    expect(statuses).toEqual(Array(MAX_FAILURES + 2).fill(200));
  });

  it("counts the setup link's GETs and POSTs the same way", async () => {
    const fresh = await createTestDatabase();
    try {
      const setupApp = await createTestApp(fresh.db, fresh.dataDir);
      const ip = "203.0.113.220";
      const statuses: number[] = [];
      for (let i = 0; i < MAX_FAILURES + 1; i++)
        statuses.push((await setupApp.request(`/admin/setup?token=${randomToken()}`, { ip })).status);
      expect(statuses).toEqual([...Array(MAX_FAILURES).fill(404), 429]);
      const post = await setupApp.request("/admin/setup", {
        form: {
          token: randomToken(),
          name: "Intruder",
          email: "intruder@example.com",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
        ip,
      });
      expect(post.status).toBe(429);
    } finally {
      await fresh.cleanup();
    }
  });
});
