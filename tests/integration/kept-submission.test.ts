import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STASH_MAX_CHARS, STASH_PER_ADDRESS } from "~/features/auth/form-stash.server";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// Nothing typed is lost (issue 27, ADR 0036): a back-office form sent after the session ran out is kept on the
// server for its sender; the login page says so, and once they are signed in again the page comes back filled.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let clockMs = Date.parse("2027-03-01T10:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, {}, { clock: () => clockMs });
});
afterAll(() => t.cleanup());

const KEPT_LOGIN = "Your session has expired. Sign in again; your changes are kept.";
const POST = { title: "Monsoon onion prices", slug: "monsoon-onion-prices", content: "Typed for an hour & more." };

/** A signed-in administrator whose session row is then deleted: the browser still sends the cookie. */
async function expiredSession() {
  const admin = await signedInAs(t.db, "admin");
  await t.db.deleteFrom("sessions").where("user_id", "=", admin.userId).execute();
  return admin;
}

const keptCookie = (response: Response) => response.headers.get("Set-Cookie")?.match(/kept_form=([^;]*)/)?.[1] ?? "";
const stashRows = async () => (await t.db.selectFrom("form_stash").selectAll().execute()).length;

describe(`a submission that meets an expired session (${engineName})`, () => {
  it("is kept: the login page says why, and after signing in the form comes back filled, once", async () => {
    const expired = await expiredSession();
    const sent = await app.request("/admin/manage-blog/add", {
      form: { ...POST, status: "draft", password: "never-kept" },
      cookie: expired.cookie,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fmanage-blog%2Fadd");
    const token = keptCookie(sent);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.db.selectFrom("blog_posts").where("slug", "=", POST.slug).selectAll().execute()).toEqual([]);
    const [row] = await t.db.selectFrom("form_stash").selectAll().execute();
    expect(row!.id).not.toBe(token); // stored hashed
    expect(row!.entries).not.toContain("never-kept");

    const login = await app.request("/admin/login?redirectTo=%2Fadmin%2Fmanage-blog%2Fadd", {
      cookie: `kept_form=${token}`,
    });
    expect(await login.text()).toContain(KEPT_LOGIN);
    // Without the cookie (another browser) nothing is said, and nothing is given.
    expect(await (await app.request("/admin/login")).text()).not.toContain(KEPT_LOGIN);

    const again = await signedInAs(t.db, "admin", expired.email);
    const stranger = await app.request("/admin/manage-blog/add", { cookie: again.cookie });
    expect(await stranger.text()).not.toContain(POST.title);

    // Another page of the back office does not take it.
    await app.request("/admin/manage-products/add", { cookie: `${again.cookie}; kept_form=${token}` });
    const page = await app.request("/admin/manage-blog/add", { cookie: `${again.cookie}; kept_form=${token}` });
    const html = await page.text();
    expect(html).toContain(`value="${POST.title}"`);
    expect(html).toContain("Typed for an hour &amp; more.");
    expect(html).toContain("is back in the form; it is not saved yet");
    expect(page.headers.get("Set-Cookie")).toMatch(/kept_form=;/);

    const twice = await app.request("/admin/manage-blog/add", { cookie: `${again.cookie}; kept_form=${token}` });
    expect(await twice.text()).not.toContain(POST.title);
    expect(await stashRows()).toBe(0);
  });

  it("keeps nothing for a request without a session cookie, nor more text than the bound", async () => {
    const anonymous = await app.request("/admin/manage-blog/add", { form: POST });
    expect(anonymous.status).toBe(302);
    expect(keptCookie(anonymous)).toBe("");

    const expired = await expiredSession();
    const huge = await app.request("/admin/manage-blog/add", {
      form: { ...POST, content: "x".repeat(STASH_MAX_CHARS + 1) },
      cookie: expired.cookie,
    });
    expect(huge.status).toBe(302);
    expect(keptCookie(huge)).toBe("");
    const login = await app.request(huge.headers.get("Location")!);
    expect(await login.text()).not.toContain(KEPT_LOGIN);
    expect(await stashRows()).toBe(0);
  });

  it("keeps nothing for a made-up session cookie, from however many addresses, so strangers cannot fill the store", async () => {
    for (let address = 0; address < 40; address++) {
      for (let i = 0; i < STASH_PER_ADDRESS; i++) {
        const sent = await app.request("/admin/manage-blog/add", {
          form: { ...POST, content: "x".repeat(60 * 1024) },
          cookie: `session=${randomBytes(32).toString("base64url")}`,
          ip: `203.0.113.${address}`,
        });
        expect(sent.status).toBe(302);
        expect(keptCookie(sent)).toBe("");
      }
    }
    expect(await stashRows()).toBe(0);
    // A real administrator whose session ran out still has theirs kept.
    const expired = await expiredSession();
    const sent = await app.request("/admin/manage-blog/add", { form: POST, cookie: expired.cookie, ip: "203.0.113.1" });
    expect(keptCookie(sent)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await t.db.deleteFrom("form_stash").execute();
  });

  it(`keeps at most ${STASH_PER_ADDRESS} per address (the newest), each for an hour`, async () => {
    const expired = await expiredSession();
    const tokens: string[] = [];
    for (let i = 0; i < STASH_PER_ADDRESS + 2; i++) {
      const sent = await app.request("/admin/manage-blog/add", {
        form: { ...POST, title: `Post ${i}` },
        cookie: expired.cookie,
        ip: "198.51.100.7",
      });
      tokens.push(keptCookie(sent));
      clockMs += 1000;
    }
    expect(await stashRows()).toBe(STASH_PER_ADDRESS);
    const again = await signedInAs(t.db, "admin");
    const oldest = await app.request("/admin/manage-blog/add", { cookie: `${again.cookie}; kept_form=${tokens[0]}` });
    expect(await oldest.text()).not.toContain("Post 0");

    clockMs += 60 * 60 * 1000;
    const late = await app.request("/admin/manage-blog/add", { cookie: `${again.cookie}; kept_form=${tokens.at(-1)}` });
    expect(await late.text()).not.toContain(`Post ${STASH_PER_ADDRESS + 1}`);
  });
});
