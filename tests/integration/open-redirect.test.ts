import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertUser } from "~/features/auth/users.server";
import { newId } from "~/lib/time";
import { createTestApp, ORIGIN, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// Paths a browser resolves to another host once normalised: dot segments, their percent-encoded form, and the
// backslash a browser reads as a slash.
const LEAVING = [
  "//evil.example/x",
  "/.//evil.example",
  "/%2e//evil.example/x",
  "/%2E%2E//evil.example/x",
  "/a/..//evil.example",
  "/a/../..//evil.example/x",
  "/\\evil.example",
  "/.\\\\evil.example",
  "/./\\evil.example",
  "/a/..\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "https://evil.example/",
  "https:evil.example",
  "javascript:alert(1)",
];
// The same tricks inside the back office's own prefix, for the sign-in's destination.
const LEAVING_ADMIN = [
  ...LEAVING,
  "/admin/..//evil.example",
  "/admin/../..//evil.example/x",
  "/admin/%2e%2e//evil.example",
  "/admin/..\\/evil.example",
  "/admin\\..\\..\\/evil.example",
];

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let productId: string;
const PASSWORD = "a-long-test-password";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  const category = await insertCategory(t.db, { name: "Redirect Veg", slug: "redirect-veg" });
  productId = newId();
  await insertProduct(t.db, {
    id: productId,
    name: "Okra",
    slug: "okra",
    category_id: category,
    description: "Okra.",
  });
  await upsertUser(t.db, { email: "redirect-admin@example.com", password: PASSWORD, role: "admin" });
});
afterAll(() => t.cleanup());

/** A Location a browser follows to this site only: a path, on this origin once resolved, not '//' or '/\'. */
function expectSameOrigin(location: string | null, payload: string) {
  expect(location, payload).toBeTruthy();
  expect(location!, payload).toMatch(/^\/(?![/\\])/);
  expect(new URL(location!, ORIGIN).origin, payload).toBe(ORIGIN);
}

describe(`redirects to a visitor's path on ${engineName}`, () => {
  it("POST /request-quote (add and remove) goes back only to a path on this site", async () => {
    for (const intent of ["add", "remove"])
      for (const returnTo of LEAVING) {
        const response = await app.request("/request-quote", {
          form: { intent, product_id: productId, returnTo },
        });
        expect(response.status, returnTo).toBe(302);
        expectSameOrigin(response.headers.get("Location"), returnTo);
        expect(response.headers.get("Location"), `${intent} ${returnTo}`).toBe("/request-quote");
      }
    // A path on the site is kept, normalised the way a browser would go there.
    const back = await app.request("/request-quote", {
      form: { intent: "add", product_id: productId, returnTo: "/products/./redirect-veg?page=2" },
    });
    expect(back.headers.get("Location")).toBe("/products/redirect-veg?page=2");
  });

  it("the sign-in form sends the administrator on only to a back-office path", async () => {
    for (const redirectTo of LEAVING_ADMIN) {
      const response = await app.request("/admin/login", {
        form: { email: "redirect-admin@example.com", password: PASSWORD, redirectTo },
        ip: "192.0.2.201",
      });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("Location"), redirectTo).toBe("/admin/dashboard");
    }
    const kept = await app.request("/admin/login", {
      form: { email: "redirect-admin@example.com", password: PASSWORD, redirectTo: "/admin/inquiries?status=new" },
      ip: "192.0.2.201",
    });
    expect(kept.headers.get("Location")).toBe("/admin/inquiries?status=new");
  });

  it("the sign-in page, visited while signed in, sends on only to a back-office path", async () => {
    const { cookie } = await signedInAs(t.db, "admin");
    for (const redirectTo of LEAVING_ADMIN) {
      const response = await app.request(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`, { cookie });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("Location"), redirectTo).toBe("/admin/dashboard");
    }
    // Not signed in, the page carries the destination in its form: the same check.
    for (const redirectTo of LEAVING_ADMIN) {
      const html = await (await app.request(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`)).text();
      expect(html, redirectTo).toContain('name="redirectTo" value="/admin/dashboard"');
    }
  });

  it("a page's own URL sent back (page 1, a write on a list) stays on this site", async () => {
    const { cookie } = await signedInAs(t.db, "admin");
    for (const path of ["//evil.example/blog?page=1", "/.//evil.example/blog?page=1", "/\\evil.example/blog?page=1"]) {
      const response = await app.request(path);
      const location = response.headers.get("Location");
      if (location) expectSameOrigin(location, path);
    }
    for (const path of ["//evil.example/admin/manage-blog", "/\\evil.example/admin/manage-blog"]) {
      const response = await app.request(path, { form: { intent: "delete", id: "none" }, cookie });
      const location = response.headers.get("Location");
      if (location) expectSameOrigin(location, path);
    }
  });
});
