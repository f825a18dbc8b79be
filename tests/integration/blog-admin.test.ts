import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  cookie = (await signedInAs(t.db, "admin")).cookie;
});
afterAll(() => t.cleanup());

const save = (path: string, form: Record<string, string>) => app.request(path, { form, cookie });
const post = (slug: string) => t.db.selectFrom("blog_posts").selectAll().where("slug", "=", slug).executeTakeFirst();
const publicBlog = async () => (await app.request("/blog")).text();

describe(`blog manager on ${engineName}`, () => {
  it("says 'Missing Fields' / 'Title, Slug, and Content are required.'", async () => {
    for (const form of [
      { title: "", slug: "a", content: "x" },
      { title: "A", slug: "", content: "x" },
      { title: "A", slug: "a", content: "  " },
    ]) {
      const response = await save("/admin/manage-blog/add", { ...form, status: "draft" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Title, Slug, and Content are required.");
    }
  });

  it("writes a draft (not public), publishes it (public, dated), archives it (gone, date kept) and deletes it", async () => {
    const added = await save("/admin/manage-blog/add", {
      title: "Season Update",
      slug: "Season Update!",
      content: "**Hello**",
      tags: "Onions, , Export",
      status: "archived",
      excerpt: "",
    });
    expect(added.status).toBe(302);
    const draft = (await post("season-update"))!;
    // Add offers draft and published only: anything else is a draft.
    expect(draft).toMatchObject({
      status: "draft",
      published_at: null,
      tags: '["Onions","Export"]',
      author_name: "Test admin",
    });
    expect(await publicBlog()).not.toContain("Season Update");

    await save(`/admin/manage-blog/edit/${draft.id}`, {
      title: "Season Update",
      slug: "season-update",
      content: "**Hello**",
      tags: "Onions",
      status: "published",
      excerpt: "",
    });
    const published = (await post("season-update"))!;
    expect(published.status).toBe("published");
    expect(published.published_at).toMatch(/^\d{4}-/);
    expect(await publicBlog()).toContain("Season Update");
    expect((await app.request("/blog/season-update")).status).toBe(200);

    await save(`/admin/manage-blog/edit/${draft.id}`, {
      title: "Season Update",
      slug: "season-update",
      content: "**Hello**",
      tags: "Onions",
      status: "archived",
      excerpt: "",
    });
    const archived = (await post("season-update"))!;
    expect(archived.published_at).toBe(published.published_at);
    expect(await publicBlog()).not.toContain("Season Update");
    expect((await app.request("/blog/season-update")).status).toBe(404);

    const deleted = await app.request("/admin/manage-blog", { form: { intent: "delete", id: draft.id }, cookie });
    expect(deleted.status).toBe(200);
    expect(await post("season-update")).toBeUndefined();
  });

  it("sends an unknown post id back to the list ('Blog post not found')", async () => {
    const response = await app.request(`/admin/manage-blog/edit/${crypto.randomUUID()}`, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/manage-blog");
  });
});
