import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, type TestDatabase } from "../support/test-db";
import { flashOf } from "../support/flash";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
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
      const response = await save("/admin/manage-blog/add", { ...form, excerpt: "Kept as typed", status: "draft" });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Title, Slug, and Content are required.");
      expect(html).toContain("Kept as typed");
      expect(html).toContain('aria-invalid="true"');
    }
  });

  it("refuses a slug another post uses, at the slug field ('Error Adding Blog Post')", async () => {
    const first = await save("/admin/manage-blog/add", { title: "Same Slug", slug: "same-slug", content: "One" });
    expect(first.status).toBe(302);
    const second = await save("/admin/manage-blog/add", { title: "Other Title", slug: "Same Slug", content: "Two" });
    expect(second.status).toBe(400);
    const html = await second.text();
    expect(html).toContain("Error Adding Blog Post");
    expect(html).toContain("Another post already uses the slug");
    expect(html).toMatch(/id="slug"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="slug"/);
    expect(html).toContain("Other Title");
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
    expect(flashOf(added).title).toBe("Blog Post Added");
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
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/admin/manage-blog");
    expect(flashOf(deleted)).toMatchObject({ title: "Success!", variant: "success" });
    expect(await post("season-update")).toBeUndefined();

    const again = await app.request("/admin/manage-blog", { form: { intent: "delete", id: draft.id }, cookie });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Error Deleting Post");
  });

  it("sends an unknown post id back to the list ('Blog post not found')", async () => {
    const response = await app.request(`/admin/manage-blog/edit/${crypto.randomUUID()}`, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/manage-blog");
  });
});
