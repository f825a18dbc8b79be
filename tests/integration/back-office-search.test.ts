import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, insertInquiry, insertProduct, insertQuote } from "../support/test-db";

// The back office's one search box (issue 43): products (drafts too), categories, posts, inquiries, quotes and
// accounts, grouped by kind, for administrators only.
let ctx: Awaited<ReturnType<typeof createAdminTestApp>>;

beforeAll(async () => {
  ctx = await createAdminTestApp();
  const { db } = ctx.t;
  const category = await insertCategory(db, { name: "Kestrel Garlic", slug: "kestrel-garlic" });
  await insertProduct(db, { category_id: category, name: "Kestrel Cloves", status: "draft" });
  await insertInquiry(db, {
    full_name: "Rahim Kestrel",
    email: "rahim@dhaka-traders.example",
    company: "Dhaka Traders",
    country: "Bangladesh",
  });
  await insertQuote(db, { number: "Q-2026-0417", buyer_name: "Dhaka Traders" });
  await signedInAs(db, "user", "kestrel.user@example.com");
}, 60_000);
afterAll(() => ctx.t.cleanup());

const groupsOf = async (q: string) => {
  const response = await ctx.app.request(`/admin/search?q=${encodeURIComponent(q)}`, { cookie: ctx.cookie });
  expect(response.status).toBe(200);
  const html = await response.text();
  return {
    html,
    has: (kind: string) => html.includes(`data-testid="admin-search-${kind}"`),
  };
};

describe(`back-office search on ${engineName}`, () => {
  it("finds every kind a word names, grouped, drafts included, each linking to where it is edited", async () => {
    const { html, has } = await groupsOf("kestrel");
    for (const kind of ["products", "categories", "inquiries", "accounts"]) expect(has(kind), kind).toBe(true);
    expect(has("quotes")).toBe(false);
    expect(html).toContain("Kestrel Cloves");
    expect(html).toMatch(/href="\/admin\/manage-products\/edit\/[^"]+"/);
    expect(html).toContain("kestrel.user@example.com");
  });

  it("finds an inquiry by its email, company or country, and a quote by its number", async () => {
    expect((await groupsOf("dhaka-traders.example")).has("inquiries")).toBe(true);
    expect((await groupsOf("bangladesh")).has("inquiries")).toBe(true);
    const quote = await groupsOf("2026-0417");
    expect(quote.has("quotes")).toBe(true);
    expect(quote.html).toContain("Q-2026-0417");
  });

  it("says when nothing matches, and asks for a word when none was given", async () => {
    expect((await groupsOf("zzzz-nothing")).html).toContain('data-testid="admin-search-empty"');
    expect((await groupsOf("")).html).toContain("Type a name");
  });

  it("is the administrators' only: a visitor signs in, a signed-in non-administrator is refused", async () => {
    const anonymous = await ctx.app.request("/admin/search?q=kestrel");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    const user = await signedInAs(ctx.t.db, "user");
    const refused = await ctx.app.request("/admin/search?q=kestrel", { cookie: user.cookie });
    expect(refused.headers.get("Location")).toBe("/admin/login?denied=1");
    expect(await refused.text()).not.toContain("Kestrel");
  });
});
