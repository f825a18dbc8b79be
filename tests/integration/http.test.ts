import { createHash } from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURES } from "~/features/auth/throttle.server";
import { issueSetupToken } from "~/features/auth/setup.server";
import { upsertUser } from "~/features/auth/users.server";
import { nowIso } from "~/lib/time";
import { insertPost, insertSetting } from "../support/builders";
import { createTestApp, sessionTokenFrom, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const PASSWORD = "a-long-test-password";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  await upsertUser(t.db, { email: "admin@example.com", password: PASSWORD, role: "admin", name: "Asha Admin" });
  await upsertUser(t.db, { email: "user@example.com", password: PASSWORD, role: "user" });
});
afterAll(() => t.cleanup());

const login = (email: string, password: string, ip?: string) =>
  app.request("/admin/login", { form: { email, password }, ip });

describe(`server on ${engineName}`, () => {
  it("answers /healthz with 200 while the database is reachable and 503 when it is not", async () => {
    const ok = await app.request("/healthz");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok", instance: expect.stringMatching(/^[\w-]{8}$/) });

    const broken = await createTestDatabase();
    const brokenApp = await createTestApp(broken.db, broken.dataDir);
    await broken.db.destroy();
    expect((await brokenApp.request("/healthz")).status).toBe(503);
    await broken.cleanup().catch(() => {});
  });

  it("sends the security headers, with a CSP that allows exactly the page's inline scripts by their hashes", async () => {
    // A page React runs in the browser (the back office's sign-in): public pages have no inline script (ADR 0058).
    const response = await app.request("/admin/login");
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const scriptSources = csp.split("; ").find((directive) => directive.startsWith("script-src "))!;
    expect(scriptSources).not.toContain("unsafe-inline");
    expect(scriptSources).not.toContain("nonce-");
    const html = await response.text();
    // Executable inline scripts only: JSON-LD data blocks are never run, so CSP does not apply to them.
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !attributes.includes("application/ld+json"),
    );
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, , body] of inlineScripts) {
      const hash = createHash("sha256").update(body).digest("base64");
      expect(scriptSources).toContain(`'sha256-${hash}'`);
    }
    expect(scriptSources.match(/'sha256-/g)).toHaveLength(inlineScripts.length);
  });

  it("does not preload the page's JavaScript ahead of its picture and styles; its module script still imports every route module", async () => {
    const html = await (await app.request("/admin/login")).text();
    expect(html).toContain('<link rel="stylesheet"');
    expect(html).not.toContain("modulepreload");
    const moduleScript = html.match(/<script type="module"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "";
    const imported = [...moduleScript.matchAll(/import \* as \w+ from "([^"]+)"/g)].map(([, href]) => href);
    expect(imported).toHaveLength(2); // root, the sign-in page
    for (const href of imported) expect((await app.request(href)).status).toBe(200);
    expect(moduleScript).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
  });

  it("gives a public page, its 404 page too, one script: the island, served immutable, and no React (ADR 0058)", async () => {
    for (const path of ["/", "/gallery", "/contact-us", "/no-such-page"]) {
      const html = await (await app.request(path)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes.trim());
      const island = scripts.filter((attributes) => attributes !== 'type="application/ld+json"');
      expect(island, path).toHaveLength(1);
      expect(island[0]).toMatch(/^type="module" src="\/assets\/site-[\w-]+\.js"$/);
      expect(html).not.toContain("__reactRouterContext");
      const src = /src="([^"]+)"/.exec(island[0]!)![1]!;
      const script = await app.request(src);
      expect(script.status).toBe(200);
      expect(script.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(await script.text()).not.toMatch(/react|__reactRouter/i);
    }
  });

  it("serves fingerprinted assets as immutable for a year, and compresses responses", async () => {
    const asset = fs.readdirSync("build/client/assets").find((f) => f.endsWith(".js"));
    const response = await app.request(`/assets/${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    const page = await app.request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers.get("Content-Encoding")).toBe("gzip");
  });

  it("shows the not-found page with status 404 for unknown paths", async () => {
    for (const path of ["/no-such-page", "/products/x/y/z/deeper"]) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page Not Found.");
      expect(html).toContain("Go to Homepage");
    }
  });

  it("refuses state-changing requests from another origin with 403", async () => {
    const foreign = await app.request("/admin/login", {
      form: { email: "admin@example.com", password: PASSWORD },
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(sessionTokenFrom(foreign)).toBeNull();
    const crossSite = await app.request("/admin/login", {
      form: { email: "admin@example.com", password: PASSWORD },
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await app.request("/admin/login", {
      form: { email: "admin@example.com", password: PASSWORD },
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(302);
    expect(sessionTokenFrom(sameOrigin)).toBeTruthy();
  });
});

describe(`login over HTTP on ${engineName}`, () => {
  it("signs an admin in with an HttpOnly, SameSite=Lax cookie and a new token each time, straight to the dashboard without JavaScript", async () => {
    const first = await login("admin@example.com", PASSWORD);
    // A document POST (no JavaScript) goes on at once; the browser's script holds the page for the notice first.
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin/dashboard");
    const cookie = first.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await app.request("/admin/dashboard", { cookie: `session=${sessionTokenFrom(first)}` })).status).toBe(200);
    const second = await login("ADMIN@example.com", PASSWORD);
    expect(sessionTokenFrom(second)).toBeTruthy();
    expect(sessionTokenFrom(second)).not.toBe(sessionTokenFrom(first));
  });

  it("marks the cookie Secure when the site is served over HTTPS", async () => {
    const secure = await createTestApp(t.db, t.dataDir, { publicUrl: "https://www.example.com" });
    const response = await secure.request("/admin/login", {
      form: { email: "admin@example.com", password: PASSWORD },
      headers: { Origin: "https://www.example.com" },
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/Secure/);
  });

  it("refuses an empty or malformed form with the field messages, keeps the email and never sends a password back", async () => {
    const empty = await login("", "", "192.0.2.78");
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("Login Failed");
    expect(html).toContain("Email is required.");
    expect(html).toContain("Password is required.");
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="email"|<input[^>]*name="email"[^>]*aria-invalid="true"/,
    );

    const malformed = await login("not-an-email", "typed-secret-123", "192.0.2.78");
    expect(malformed.status).toBe(400);
    const again = await malformed.text();
    expect(again).toContain("Please enter a valid email address.");
    expect(again).toContain('value="not-an-email"');
    expect(again).not.toContain("typed-secret-123");
    expect(sessionTokenFrom(malformed)).toBeNull();
  });

  it("answers a JavaScript sign-in with the redirect as data, so the page can show the notice first", async () => {
    const response = await app.request("/admin/login.data", {
      form: { email: "admin@example.com", password: PASSWORD },
      ip: "192.0.2.79",
    });
    expect(sessionTokenFrom(response)).toBeTruthy();
    expect(await response.text()).toContain("/admin/dashboard");
  });

  it("says 'Login Failed' / 'Invalid email or password.' for a wrong password or unknown email", async () => {
    for (const [email, password] of [
      ["admin@example.com", "wrong-password"],
      ["nobody@example.com", PASSWORD],
    ]) {
      const response = await login(email, password, "192.0.2.77");
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("Login Failed");
      expect(html).toContain("Invalid email or password.");
      expect(html).toContain(`value="${email}"`);
      expect(html).not.toContain(password);
      expect(sessionTokenFrom(response)).toBeNull();
    }
  });

  it(`answers the attempt after ${MAX_FAILURES} wrong passwords with 429 and Retry-After`, async () => {
    await upsertUser(t.db, { email: "throttled@example.com", password: PASSWORD, role: "admin" });
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await login("throttled@example.com", "wrong", "192.0.2.99")).status).toBe(401);
    const sixth = await login("throttled@example.com", PASSWORD, "192.0.2.99");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(sessionTokenFrom(sixth)).toBeNull();
    expect(await sixth.text()).toContain("Too many failed login attempts");
  });

  it("verifies at most 5 of 30 parallel wrong passwords for one account from one address; the rest get 429 and Retry-After", async () => {
    await upsertUser(t.db, { email: "burst@example.com", password: PASSWORD, role: "admin" });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => login("burst@example.com", "wrong-password", "192.0.2.120")),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - MAX_FAILURES);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const r of responses.filter((r) => r.status === 429))
      expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Inside the lock even the right password is refused from this address; the owner, from an address with no
    // failures of its own, is not locked out by it.
    const correct = await login("burst@example.com", PASSWORD, "192.0.2.120");
    expect(correct.status).toBe(429);
    expect(sessionTokenFrom(correct)).toBeNull();
    expect((await login("burst@example.com", PASSWORD, "192.0.2.121")).status).toBe(302);
  });

  it("lets no correct password through a parallel burst of wrong ones once the lock is reached", async () => {
    await upsertUser(t.db, { email: "burst-mixed@example.com", password: PASSWORD, role: "admin" });
    const attempts = Array.from({ length: 20 }, (_, i) =>
      login("burst-mixed@example.com", i === 19 ? PASSWORD : "wrong-password", "192.0.2.130"),
    );
    const responses = await Promise.all(attempts);
    const verified = responses.filter((r) => r.status !== 429);
    expect(verified.length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(responses.every((r) => [302, 401, 429].includes(r.status))).toBe(true);
    // Only an attempt among the first five counted could have signed in; the last one sent never is.
    if (responses[19].status !== 429) expect(responses[19].status).toBe(302);
  });

  it("ends every session of a user whose password is reset (npm run user:add)", async () => {
    const { cookie, email } = await signedInAs(t.db, "admin");
    expect((await app.request("/admin/dashboard", { cookie })).status).toBe(200);
    await upsertUser(t.db, { email, password: "a-brand-new-password", role: "admin" });
    const after = await app.request("/admin/dashboard", { cookie });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/admin\/login/);
  });

  it("denies a signed-in non-admin: 'Access Denied' and no session", async () => {
    const response = await login("user@example.com", PASSWORD, "192.0.2.31");
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain("Access Denied");
    expect(html).toContain("You do not have administrative privileges.");
    expect(sessionTokenFrom(response)).toBeNull();
  });

  it("keeps login redirects on this site's admin pages", async () => {
    const response = await app.request("/admin/login", {
      form: { email: "admin@example.com", password: PASSWORD, redirectTo: "https://evil.example/phish" },
    });
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const kept = await app.request("/admin/login", {
      form: { email: "admin@example.com", password: PASSWORD, redirectTo: "/admin/inquiries?status=new" },
    });
    expect(kept.headers.get("Location")).toBe("/admin/inquiries?status=new");
  });
});

describe(`admin guard and dashboard on ${engineName}`, () => {
  it("redirects an anonymous visitor to the login, keeping where they were going", async () => {
    const response = await app.request("/admin/dashboard?tab=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/dashboard?tab=1")}`,
    );
  });

  it("signs a non-admin out and sends them to the login with Access Denied", async () => {
    const user = await signedInAs(t.db, "user");
    const response = await app.request("/admin/dashboard", { cookie: user.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login?denied=1");
    expect(response.headers.get("Set-Cookie")).toMatch(/session=;.*Max-Age=0/i);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.userId).execute()).toEqual([]);
    const loginPage = await app.request("/admin/login?denied=1");
    expect(await loginPage.text()).toContain("You do not have administrative privileges.");
  });

  it("shows an admin the real counts, with Admin Users from the per-role count", async () => {
    const fresh = await createTestDatabase();
    try {
      const freshApp = await createTestApp(fresh.db, fresh.dataDir);
      const admin = await signedInAs(fresh.db, "admin");
      await signedInAs(fresh.db, "admin");
      await signedInAs(fresh.db, "user");
      const now = nowIso();
      const categoryId = await insertCategory(fresh.db, { name: "Onions", slug: "onions" });
      for (const slug of ["a", "b", "c"])
        await insertProduct(fresh.db, { name: slug, slug, category_id: categoryId, created_at: now, updated_at: now });
      await insertPost(fresh.db, {
        title: "T",
        slug: "t",
        content: "c",
        status: "draft",
        created_at: now,
        updated_at: now,
      });

      const response = await freshApp.request("/admin/dashboard", { cookie: admin.cookie });
      expect(response.status).toBe(200);
      const html = await response.text();
      const stat = (label: string) =>
        html.match(new RegExp(`data-testid="stat-${label}"[\\s\\S]*?text-3xl[^>]*>(\\d+)<`))?.[1];
      expect(stat("Total Products")).toBe("3");
      expect(stat("Total Categories")).toBe("1");
      expect(stat("Admin Users")).toBe("2");
      expect(stat("Blog Posts")).toBe("1");
      for (const href of [
        "/admin/manage-products",
        "/admin/manage-categories",
        "/admin/manage-blog",
        "/admin/user-management",
        "/admin/edit-pages",
        "/admin/site-settings",
      ]) {
        expect(html).toContain(`href="${href}"`);
      }
    } finally {
      await fresh.cleanup();
    }
  });

  it("keeps the admin header with the administrator's name on admin not-found pages, with a title", async () => {
    const admin = await signedInAs(t.db, "admin");
    for (const [path, heading, title] of [
      ["/admin/nope", "Oops! Page Not Found.", "Page Not Found | Admin"],
      [`/admin/manage-products/edit/${crypto.randomUUID()}`, "Product not found", "Product not found | Admin"],
      [`/admin/inquiries/${crypto.randomUUID()}`, "Inquiry not found", "Inquiry not found | Admin"],
    ]) {
      const response = await app.request(path, { cookie: admin.cookie });
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toContain(`>${heading}</h1>`);
      expect(html, path).toContain("Test admin");
      expect(html, path).toContain("Logout");
    }
  });

  it("logs out on POST: the session is deleted and the cookie cleared", async () => {
    const admin = await signedInAs(t.db, "admin");
    // As the header's Logout button sends it: an empty urlencoded form.
    const response = await app.request("/admin/logout", { form: {}, cookie: admin.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect((await app.request("/admin/dashboard", { cookie: admin.cookie })).status).toBe(302);
  });
});

describe(`first-admin setup link on ${engineName}`, () => {
  it("creates the first admin, signs them in, and then stops working", async () => {
    const fresh = await createTestDatabase();
    try {
      const freshApp = await createTestApp(fresh.db, fresh.dataDir);
      expect((await freshApp.request("/admin/setup?token=made-up")).status).toBe(404);
      const token = (await issueSetupToken(fresh.db))!;
      const page = await freshApp.request(`/admin/setup?token=${token}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Create the first administrator");

      const short = await freshApp.request("/admin/setup", {
        form: { token, name: "Ravi", email: "ravi@example.com", password: "short", confirmPassword: "short" },
      });
      expect(short.status).toBe(400);
      expect(await short.text()).toContain("Password must be at least 12 characters.");

      const created = await freshApp.request("/admin/setup", {
        form: { token, name: "Ravi", email: "ravi@example.com", password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(created.status).toBe(302);
      expect(created.headers.get("Location")).toBe("/admin/dashboard");
      const cookie = `session=${sessionTokenFrom(created)}`;
      expect((await freshApp.request("/admin/dashboard", { cookie })).status).toBe(200);
      // A sign-in as any other: the accounts list says when, not "Never" (issue 41).
      const admin = await fresh.db
        .selectFrom("users")
        .select("last_sign_in_at")
        .where("email", "=", "ravi@example.com")
        .executeTakeFirstOrThrow();
      expect(admin.last_sign_in_at).toBeTruthy();

      expect((await freshApp.request(`/admin/setup?token=${token}`)).status).toBe(404);
      const reuse = await freshApp.request("/admin/setup", {
        form: { token, name: "Eve", email: "eve@example.com", password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(reuse.status).toBe(404);
      expect(
        await fresh.db.selectFrom("users").select("id").where("email", "=", "eve@example.com").executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await fresh.cleanup();
    }
  });
});

describe(`public shell from settings on ${engineName}`, () => {
  it("invents no contact details when settings are missing, hides '#' links and never links a javascript: URL", async () => {
    const fresh = await createTestDatabase();
    try {
      const freshApp = await createTestApp(fresh.db, fresh.dataDir);
      const defaults = await (await freshApp.request("/")).text();
      // Issue 27: no demo address, email or number stands in for a missing setting (ADR 0035).
      expect(defaults).not.toContain("Kanpur");
      expect(defaults).not.toContain("wa.me/");
      expect(defaults).not.toMatch(/aria-label="(Facebook|Twitter|LinkedIn|Instagram)"/);

      const set = (key: string, value: string) => insertSetting(fresh.db, key, value);
      await set("social_facebook_url", "javascript:alert(document.cookie)");
      await set("social_twitter_url", "#");
      await set("social_linkedin_url", "https://www.linkedin.com/company/ganga");
      await set("contact_email", "sales@example.com");
      await set("header_logo_url", "javascript:alert(1)");
      const html = await (await freshApp.request("/")).text();
      expect(html).not.toContain("javascript:");
      expect(html).not.toContain('aria-label="Facebook"');
      expect(html).not.toContain('aria-label="Twitter"');
      expect(html).toContain('href="https://www.linkedin.com/company/ganga"');
      expect(html).toContain('href="mailto:sales@example.com"');
    } finally {
      await fresh.cleanup();
    }
  });
});
