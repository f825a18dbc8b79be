import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptLogin } from "~/features/auth/login.server";
import { hashPassword, verifyPassword } from "~/features/auth/password.server";
import { createSession, deleteSession, getSessionUser, SESSION_IDLE_MS } from "~/features/auth/session.server";
import { completeSetup, isSetupTokenValid, issueSetupToken } from "~/features/auth/setup.server";
import { MAX_FAILURES } from "~/features/auth/throttle.server";
import { adminExists, countUsersByRole, upsertUser } from "~/features/auth/users.server";
import { createTestApp, sessionTokenFrom } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const PASSWORD = "a-long-test-password";

describe(`accounts on ${engineName}`, () => {
  it("hashes passwords with argon2id at OWASP parameters and verifies them", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, PASSWORD)).toBe(true);
    expect(await verifyPassword(hash, `${PASSWORD}x`)).toBe(false);
    expect(await verifyPassword("not a hash", PASSWORD)).toBe(false);
  });

  it("creates a user once and updates password, role and name when called again", async () => {
    const first = await upsertUser(t.db, { email: "  Buyer@Example.COM ", password: PASSWORD, role: "user" });
    expect(first.created).toBe(true);
    const again = await upsertUser(t.db, {
      email: "buyer@example.com",
      password: "another-long-password",
      role: "admin",
      name: "Meera",
    });
    expect(again).toEqual({ id: first.id, created: false });
    const profile = await t.db.selectFrom("profiles").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ email: "buyer@example.com", role: "admin", full_name: "Meera" });
    const user = await t.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password_hash, "another-long-password")).toBe(true);
    expect(await verifyPassword(user.password_hash, PASSWORD)).toBe(false);
    expect(
      (await t.db.selectFrom("users").select("id").where("email", "=", "buyer@example.com").execute()).length,
    ).toBe(1);
  });

  it("counts users per role", async () => {
    const before = await countUsersByRole(t.db);
    await upsertUser(t.db, { email: "count-1@example.com", password: PASSWORD, role: "user" });
    await upsertUser(t.db, { email: "count-2@example.com", password: PASSWORD, role: "admin" });
    expect(await countUsersByRole(t.db)).toEqual({ user: before.user + 1, admin: before.admin + 1 });
  });
});

describe(`sessions on ${engineName}`, () => {
  it("issues 256-bit tokens, stores only their hash, and resolves them to the user", async () => {
    const { id } = await upsertUser(t.db, {
      email: "session@example.com",
      password: PASSWORD,
      role: "admin",
      name: "Sam",
    });
    const token = await createSession(t.db, id);
    expect(Buffer.from(token, "base64url").length).toBe(32);
    const rows = await t.db.selectFrom("sessions").select("id").where("user_id", "=", id).execute();
    expect(rows.map((r) => r.id)).toEqual([createHash("sha256").update(token).digest("hex")]);
    expect(await getSessionUser(t.db, token)).toEqual({
      id,
      email: "session@example.com",
      fullName: "Sam",
      role: "admin",
    });
    expect(
      await getSessionUser(
        t.db,
        token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toBeNull();
    // Each sign-in gets a new token.
    expect(await createSession(t.db, id)).not.toBe(token);
    await deleteSession(t.db, token);
    expect(await getSessionUser(t.db, token)).toBeNull();
  });

  it("ends a session after the idle time and after the absolute lifetime", async () => {
    const { id } = await upsertUser(t.db, { email: "expiry@example.com", password: PASSWORD, role: "admin" });
    const idle = await createSession(t.db, id);
    const absolute = await createSession(t.db, id);
    const hash = (token: string) => createHash("sha256").update(token).digest("hex");
    await t.db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 1000).toISOString() })
      .where("id", "=", hash(idle))
      .execute();
    await t.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", hash(absolute))
      .execute();
    expect(await getSessionUser(t.db, idle)).toBeNull();
    expect(await getSessionUser(t.db, absolute)).toBeNull();
    expect(
      await t.db
        .selectFrom("sessions")
        .select("id")
        .where("id", "in", [hash(idle), hash(absolute)])
        .execute(),
    ).toEqual([]);
  });
});

describe(`login throttling on ${engineName}`, () => {
  it(`locks an account after ${MAX_FAILURES} failures for addresses that failed, never for one that did not`, async () => {
    await upsertUser(t.db, { email: "victim@example.com", password: PASSWORD, role: "admin" });
    for (let i = 0; i < MAX_FAILURES; i++) {
      // Different addresses: only the per-account count can lock it.
      expect(
        await attemptLogin(t.db, { email: "victim@example.com", password: "wrong", ip: `198.51.100.${i}` }),
      ).toEqual({ kind: "invalid" });
    }
    // An address that guessed before is refused, even with the right password...
    const locked = await attemptLogin(t.db, { email: "victim@example.com", password: PASSWORD, ip: "198.51.100.0" });
    expect(locked.kind).toBe("throttled");
    if (locked.kind === "throttled") expect(locked.retryAfterSeconds).toBeGreaterThan(800);
    // ...a fresh one gets its one try: wrong, it is counted (and its next try refused); right, the owner is in.
    expect(
      (await attemptLogin(t.db, { email: "victim@example.com", password: "wrong", ip: "198.51.100.100" })).kind,
    ).toBe("invalid");
    expect(
      (await attemptLogin(t.db, { email: "victim@example.com", password: PASSWORD, ip: "198.51.100.100" })).kind,
    ).toBe("throttled");
    expect(
      (await attemptLogin(t.db, { email: "victim@example.com", password: PASSWORD, ip: "198.51.100.200" })).kind,
    ).toBe("ok");
  });

  it(`refuses an address after ${MAX_FAILURES} failures, whatever account it tries`, async () => {
    await upsertUser(t.db, { email: "innocent@example.com", password: PASSWORD, role: "admin" });
    for (let i = 0; i < MAX_FAILURES; i++) {
      await attemptLogin(t.db, { email: `guess-${i}@example.com`, password: "wrong", ip: "203.0.113.7" });
    }
    expect(
      (await attemptLogin(t.db, { email: "innocent@example.com", password: PASSWORD, ip: "203.0.113.7" })).kind,
    ).toBe("throttled");
    // The account itself is fine from elsewhere.
    expect(
      (await attemptLogin(t.db, { email: "innocent@example.com", password: PASSWORD, ip: "203.0.113.8" })).kind,
    ).toBe("ok");
  });

  it("keeps the count in the database, so it survives a restart", async () => {
    const rows = await t.db.selectFrom("login_throttle").selectAll().where("key", "=", "ip:203.0.113.7").execute();
    // Refused attempts go on counting, but the lock keeps its end.
    expect(rows[0].failures).toBeGreaterThanOrEqual(MAX_FAILURES);
    expect(Date.parse(rows[0].locked_until!)).toBeGreaterThan(Date.now());
  });

  it("hands a correct password's attempt back: after four typos and a success the address holds only its four failures", async () => {
    await upsertUser(t.db, { email: "careless@example.com", password: PASSWORD, role: "admin" });
    const ip = "203.0.113.40";
    for (let i = 0; i < MAX_FAILURES - 1; i++)
      expect((await attemptLogin(t.db, { email: "careless@example.com", password: "typo", ip })).kind).toBe("invalid");
    expect((await attemptLogin(t.db, { email: "careless@example.com", password: PASSWORD, ip })).kind).toBe("ok");
    const address = await t.db
      .selectFrom("login_throttle")
      .selectAll()
      .where("key", "=", `ip:${ip}`)
      .executeTakeFirstOrThrow();
    expect(address).toMatchObject({ failures: MAX_FAILURES - 1, locked_until: null });
    expect(
      await t.db
        .selectFrom("login_throttle")
        .select("key")
        .where("key", "=", "email:careless@example.com")
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("signs out a non-admin at once: no session is created", async () => {
    const { id } = await upsertUser(t.db, { email: "plain-user@example.com", password: PASSWORD, role: "user" });
    expect(await attemptLogin(t.db, { email: "plain-user@example.com", password: PASSWORD, ip: "192.0.2.50" })).toEqual(
      { kind: "not-admin" },
    );
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", id).execute()).toEqual([]);
  });
});

describe(`an administrator that strangers try to lock out, over HTTP on ${engineName}`, () => {
  const login = (app: Awaited<ReturnType<typeof createTestApp>>, email: string, password: string, ip: string) =>
    app.request("/admin/login", { form: { email, password }, ip });

  it("signs the owner in from an address with no failures after wrong passwords from six addresses", async () => {
    const app = await createTestApp(t.db, t.dataDir);
    await upsertUser(t.db, { email: "only-admin@example.com", password: PASSWORD, role: "admin" });
    for (let i = 1; i <= MAX_FAILURES + 1; i++)
      expect((await login(app, "only-admin@example.com", "guess", `203.0.113.${100 + i}`)).status).toBeLessThan(430);
    const owner = await login(app, "only-admin@example.com", PASSWORD, "192.0.2.77");
    expect(owner.status).toBe(302);
    expect(sessionTokenFrom(owner)).toBeTruthy();
  });

  it("still refuses the account to an address that guessed, and `npm run user:add` lifts the account's lock", async () => {
    const app = await createTestApp(t.db, t.dataDir);
    await upsertUser(t.db, { email: "locked-admin@example.com", password: PASSWORD, role: "admin" });
    for (let i = 1; i <= MAX_FAILURES; i++)
      expect((await login(app, "locked-admin@example.com", "guess", `203.0.113.${150 + i}`)).status).toBe(401);
    // This address has one failure of its own: the account's lock applies to it, the right password included.
    const refused = await login(app, "locked-admin@example.com", PASSWORD, "203.0.113.151");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(800);

    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.databaseUrl,
    };
    if (!t.databaseUrl) delete env.DATABASE_URL;
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/user-add.ts",
        "--email",
        "locked-admin@example.com",
        "--password",
        `${PASSWORD}-2`,
        "--role",
        "admin",
      ],
      { env, stdio: "pipe" },
    );
    expect(
      await t.db
        .selectFrom("login_throttle")
        .select("key")
        .where("key", "=", "email:locked-admin@example.com")
        .execute(),
    ).toEqual([]);
    const unlocked = await login(app, "locked-admin@example.com", `${PASSWORD}-2`, "203.0.113.151");
    expect(unlocked.status).toBe(302);
    expect(sessionTokenFrom(unlocked)).toBeTruthy();
  }, 60_000);
});

describe(`first administrator setup on ${engineName}`, () => {
  it("issues a one-time link only while no admin exists, and the link stops working once used", async () => {
    const fresh = await createTestDatabase();
    try {
      const token = await issueSetupToken(fresh.db);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await isSetupTokenValid(fresh.db, token)).toBe(true);
      expect(await isSetupTokenValid(fresh.db, "forged-token")).toBe(false);
      // Another instance, or a restart, prints the same link, and it still works (issue 22: only one of two did).
      const second = await issueSetupToken(fresh.db);
      expect(second).toBe(token);
      expect(await isSetupTokenValid(fresh.db, token)).toBe(true);
      const done = await completeSetup(fresh.db, second!, {
        name: "First Admin",
        email: "first@example.com",
        password: PASSWORD,
      });
      expect(done?.userId).toBeTypeOf("string");
      expect(await adminExists(fresh.db)).toBe(true);
      expect(await isSetupTokenValid(fresh.db, second)).toBe(false);
      expect(
        await completeSetup(fresh.db, second!, { name: "Intruder", email: "evil@example.com", password: PASSWORD }),
      ).toBeNull();
      expect(await issueSetupToken(fresh.db)).toBeNull();
      expect(
        await t.db.selectFrom("users").select("id").where("email", "=", "evil@example.com").executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await fresh.cleanup();
    }
  });
});
