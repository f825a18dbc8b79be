import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { startPublishTimer } from "~/features/publishing/scheduler.server";
import { recordScheduledPublish } from "~/features/versions/scheduled-publish-version.server";
import { SCHEDULE_MESSAGES } from "~/features/publishing/schedule.server";
import { insertPost } from "../support/builders";
import { flashOf } from "../support/flash";
import { afterRefresh } from "../support/page-cache";
import { readPdfText } from "../support/pdf-text";
import { readSitemap } from "../support/sitemap";
import { createTestApp, ORIGIN, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertProduct,
  usingPostgres,
  type TestDatabase,
} from "../support/test-db";

// Draft / Published for the catalogue and scheduled publishing (issue 27, ADR 0033), through the real server.

/** The tests' clock: 1 March 2030, 10:00 in India (04:30 UTC), moved by the tests. */
let now = Date.parse("2030-03-01T04:30:00.000Z");
const clock = () => now;

let t: TestDatabase;
let secondDb: Db;
let app: Awaited<ReturnType<typeof createTestApp>>;
/** Two instances with their page caches, over one database (the second through a connection of its own). */
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let onions: string;
let herbs: string;
let redOnion: string;
let secretOnion: string;

beforeAll(async () => {
  t = await createTestDatabase();
  // On PostgreSQL the second instance has its own connections; SQLite serves one instance (one handle).
  secondDb = usingPostgres ? createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir }) : t.db;
  app = await createTestApp(t.db, t.dataDir, { publicUrl: ORIGIN }, { clock });
  first = await createTestApp(t.db, t.dataDir, { pageCache: true, publicUrl: ORIGIN }, { clock });
  second = await createTestApp(secondDb, t.dataDir, { pageCache: true, publicUrl: ORIGIN }, { clock });
  ({ cookie } = await signedInAs(t.db, "admin"));
  onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  herbs = await insertCategory(t.db, { name: "Hidden Herbs", slug: "hidden-herbs" });
  await t.db.updateTable("product_categories").set({ status: "draft" }).where("id", "=", herbs).execute();
  redOnion = await insertProduct(t.db, { name: "Red Onion", slug: "red-onion", category_id: onions });
  secretOnion = await insertProduct(t.db, {
    name: "Secret Onion",
    slug: "secret-onion",
    category_id: onions,
    status: "draft",
    is_featured: 1,
  });
  await insertProduct(t.db, { name: "Sweet Basil", slug: "sweet-basil", category_id: herbs });
});
afterAll(async () => {
  if (secondDb !== t.db) await secondDb.destroy();
  await t.cleanup();
});

const text = async (path: string, on = app) => {
  const response = await on.request(path);
  return { status: response.status, body: await response.text() };
};

const postForm = (path: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return app.request(path, { multipart: form, cookie });
};

describe(`drafts on ${engineName}`, () => {
  it("keeps a draft product, and every product of a draft category, off every public page", async () => {
    for (const path of ["/", "/our-products"]) {
      const { body } = await text(path);
      expect(body, path).not.toContain("Hidden Herbs");
    }
    const list = await text("/products/onions");
    expect(list.body).toContain("Red Onion");
    expect(list.body).not.toContain("Secret Onion");
    for (const path of [
      "/products/onions/secret-onion",
      "/products/onions/secret-onion/spec-sheet.pdf",
      "/products/hidden-herbs",
      "/products/hidden-herbs/sweet-basil",
      "/products/hidden-herbs/sweet-basil/spec-sheet.pdf",
    ])
      expect((await app.request(path)).status, path).toBe(404);
    expect((await app.request("/products/onions/red-onion")).status).toBe(200);

    const { paths } = await readSitemap((path) => app.request(path), ORIGIN);
    expect(paths).toContain("/products/onions/red-onion");
    expect(paths.filter((p) => /secret-onion|hidden-herbs|sweet-basil/.test(p))).toEqual([]);

    const pdf = await app.request("/catalogue.pdf");
    expect(pdf.status).toBe(200);
    const pdfText = await readPdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pdfText).toContain("Red Onion");
    expect(pdfText).not.toContain("Secret Onion");
    expect(pdfText).not.toContain("Sweet Basil");
  });

  it("shows a draft through its signed preview link, never cached nor indexed, until the link expires", async () => {
    const edit = await (await app.request(`/admin/manage-products/edit/${secretOnion}`, { cookie })).text();
    expect(edit).toContain("Copy preview link");
    const link = /value="(http:\/\/localhost\/products\/onions\/secret-onion\?preview=[^"]+)"/.exec(edit)?.[1];
    expect(link).toBeTruthy();
    const path = link!.slice(ORIGIN.length);
    for (const instance of [app, first]) {
      const response = await instance.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      const body = await response.text();
      expect(body).toContain("Secret Onion");
      expect(body).toContain('<meta name="robots" content="noindex, nofollow"/>');
      // The cached instance kept nothing: without the link the draft is still absent.
      expect((await instance.request("/products/onions/secret-onion")).status).toBe(404);
    }
    const [expires, signature] = new URL(link!).searchParams.get("preview")!.split(".");
    const forged = `${Number(expires) + 60_000}.${signature}`;
    expect((await app.request(`/products/onions/secret-onion?preview=${forged}`)).status).toBe(404);
    expect((await app.request(`/products/onions/secret-onion?preview=garbage`)).status).toBe(404);
    // Another draft's link does not open this one.
    const otherEdit = await (await app.request(`/admin/manage-products/edit/${secretOnion}`, { cookie })).text();
    expect(otherEdit).toContain("preview=");
    const basil = await t.db.selectFrom("products").select("id").where("slug", "=", "sweet-basil").executeTakeFirst();
    const basilEdit = await (await app.request(`/admin/manage-products/edit/${basil!.id}`, { cookie })).text();
    const basilToken = /\?preview=([^"&]+)/.exec(basilEdit)![1];
    expect((await app.request(`/products/onions/secret-onion?preview=${basilToken}`)).status).toBe(404);
    expect((await app.request(`/products/hidden-herbs/sweet-basil?preview=${basilToken}`)).status).toBe(200);

    const saved = now;
    now += 7 * 24 * 60 * 60_000 + 60_000;
    try {
      expect((await app.request(path)).status).toBe(404);
    } finally {
      now = saved;
    }
    // A live product's edit page offers no preview link.
    expect(await (await app.request(`/admin/manage-products/edit/${redOnion}`, { cookie })).text()).not.toContain(
      "Copy preview link",
    );
  });

  it("shows a draft category through its own preview link only", async () => {
    const edit = await (await app.request(`/admin/manage-categories/edit/${herbs}`, { cookie })).text();
    expect(edit).toContain("Copy preview link");
    const token = /\/products\/hidden-herbs\?preview=([^"&]+)"/.exec(edit)![1];
    const response = await first.request(`/products/hidden-herbs?preview=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = await response.text();
    expect(body).toContain("Sweet Basil");
    expect(body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect((await first.request("/products/hidden-herbs")).status).toBe(404);
    // A category's link opens none of its products' pages; a published category's edit page offers no link.
    expect((await app.request(`/products/hidden-herbs/sweet-basil?preview=${token}`)).status).toBe(404);
    const onionsEdit = await (await app.request(`/admin/manage-categories/edit/${onions}`, { cookie })).text();
    expect(onionsEdit).not.toContain("Copy preview link");
  });

  it("refuses a draft in the quote list and in a quote request", async () => {
    const added = await app.request("/request-quote", {
      form: { intent: "add", product_id: secretOnion, returnTo: "/request-quote" },
    });
    expect(added.status).toBeGreaterThanOrEqual(300);
    expect(added.headers.get("Set-Cookie") ?? "").not.toContain(secretOnion);
    // A list that holds it from before it became a draft: it is dropped from the page.
    const page = await app.request("/request-quote", { headers: { Cookie: `quote_list=${redOnion}.${secretOnion}` } });
    const body = await page.text();
    expect(body).toContain("Red Onion");
    expect(body).not.toContain("Secret Onion");
  });

  it("sets Draft / Published from the product and category forms and shows it in the lists", async () => {
    const edit = await app.request(`/admin/manage-products/edit/${redOnion}`, { cookie });
    const form = await edit.text();
    expect(form).toContain(">Draft</option>");
    expect(form).toContain(">Published</option>");
    expect(form).toContain("Schedule");

    const saved = await postForm(`/admin/manage-products/edit/${redOnion}`, {
      name: "Red Onion",
      slug: "red-onion",
      category_id: onions,
      status: "draft",
    });
    expect(saved.status).toBe(302);
    expect((await app.request("/products/onions/red-onion")).status).toBe(404);
    const listed = await (await app.request("/admin/manage-products", { cookie })).text();
    expect(listed).toMatch(/data-testid="status">Draft</);

    await postForm(`/admin/manage-products/edit/${redOnion}`, {
      name: "Red Onion",
      slug: "red-onion",
      category_id: onions,
      status: "published",
    });
    expect((await app.request("/products/onions/red-onion")).status).toBe(200);

    const category = await postForm(`/admin/manage-categories/add`, {
      name: "Draft Spices",
      slug: "draft-spices",
      status: "draft",
    });
    expect(category.status).toBe(302);
    expect((await app.request("/products/draft-spices")).status).toBe(404);
    const categories = await (await app.request("/admin/manage-categories", { cookie })).text();
    expect(categories).toMatch(/data-testid="status">Draft</);
  });
});

describe(`scheduled publishing on ${engineName}`, () => {
  it("refuses a time in the past", async () => {
    const response = await postForm(`/admin/manage-products/edit/${secretOnion}`, {
      name: "Secret Onion",
      slug: "secret-onion",
      category_id: onions,
      status: "draft",
      publish_at: "2030-03-01T09:00", // 03:30 UTC: an hour ago by the tests' clock
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose a time in the future to publish at.");
  });

  it("schedules a blog post for a time in the future with Draft or with Published chosen", async () => {
    // Seen (issue 41): Published with a schedule went live at once, dated today, the time dropped without a word.
    const add = (status: string, slug: string) =>
      postForm("/admin/manage-blog/add", {
        title: `Harvest ${slug}`,
        slug,
        content: "Text",
        status,
        publish_at: "2030-03-02T09:15",
      });
    expect((await add("draft", "later-notes")).status).toBe(302);
    const published = await add("published", "now-notes");
    expect(published.status).toBe(302);
    expect(flashOf(published).description).toContain("It is scheduled: published on 2 Mar 2030, 09:15");
    const rows = await t.db
      .selectFrom("blog_posts")
      .select(["slug", "status", "publish_at", "published_at"])
      .where("slug", "in", ["later-notes", "now-notes"])
      .orderBy("slug")
      .execute();
    expect(rows).toEqual([
      { slug: "later-notes", status: "draft", publish_at: "2030-03-02T03:45:00.000Z", published_at: null },
      { slug: "now-notes", status: "draft", publish_at: "2030-03-02T03:45:00.000Z", published_at: null },
    ]);
    expect((await text("/blog/now-notes")).status).toBe(404);
    const list = await (await app.request("/admin/manage-blog", { cookie })).text();
    expect(list.match(/Scheduled/g)?.length).toBeGreaterThanOrEqual(2);
    expect(list).toContain("2 Mar 2030, 09:15");
    await t.db.deleteFrom("blog_posts").where("slug", "in", ["later-notes", "now-notes"]).execute();
  });

  it("refuses a schedule it cannot honour, saying why, and changes nothing", async () => {
    const live = await insertPost(t.db, { title: "Live Notes", slug: "live-notes", status: "published" });
    const archived = await insertPost(t.db, { title: "Old Notes", slug: "old-notes", status: "archived" });
    const edit = (id: string, title: string, slug: string, status: string) =>
      postForm(`/admin/manage-blog/edit/${id}`, {
        title,
        slug,
        content: "Text",
        status,
        publish_at: "2030-03-02T09:15",
      });
    const refusedLive = await edit(live, "Live Notes", "live-notes", "published");
    expect(refusedLive.status).toBe(400);
    expect(await refusedLive.text()).toContain(SCHEDULE_MESSAGES.alreadyLive);
    const refusedArchived = await edit(archived, "Old Notes", "old-notes", "archived");
    expect(refusedArchived.status).toBe(400);
    expect(await refusedArchived.text()).toContain(SCHEDULE_MESSAGES.archived);
    // A live product with Published and a time is refused the same way; Draft takes it down until then.
    const product = (status: string) =>
      postForm(`/admin/manage-products/edit/${redOnion}`, {
        name: "Red Onion",
        slug: "red-onion",
        category_id: onions,
        status,
        publish_at: "2030-03-02T09:15",
      });
    expect((await product("published")).status).toBe(400);
    const rows = await t.db
      .selectFrom("blog_posts")
      .select(["slug", "status", "publish_at"])
      .where("id", "in", [live, archived])
      .orderBy("slug")
      .execute();
    expect(rows).toEqual([
      { slug: "live-notes", status: "published", publish_at: null },
      { slug: "old-notes", status: "archived", publish_at: null },
    ]);
    const onion = await t.db
      .selectFrom("products")
      .select(["status", "publish_at"])
      .where("id", "=", redOnion)
      .execute();
    expect(onion).toEqual([{ status: "published", publish_at: null }]);
    await t.db.deleteFrom("blog_posts").where("id", "in", [live, archived]).execute();
  });

  it("schedules a new product added as Published with a time in the future", async () => {
    const response = await postForm("/admin/manage-products/add", {
      name: "Pink Onion",
      slug: "pink-onion",
      category_id: onions,
      status: "published",
      publish_at: "2030-03-02T09:15",
    });
    expect(response.status).toBe(302);
    const row = await t.db
      .selectFrom("products")
      .select(["id", "status", "publish_at"])
      .where("slug", "=", "pink-onion")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "draft", publish_at: "2030-03-02T03:45:00.000Z" });
    expect((await text("/products/onions/pink-onion")).status).toBe(404);
    expect(await (await app.request("/admin/manage-products", { cookie })).text()).toContain("Scheduled");
    await t.db.deleteFrom("products").where("id", "=", row.id).execute();
  });

  it("publishes on time on two instances sharing the database: one wins, both show it within the minute", async () => {
    // 10:30 in India is 05:00 UTC.
    const scheduled = await postForm(`/admin/manage-products/edit/${secretOnion}`, {
      name: "Secret Onion",
      slug: "secret-onion",
      category_id: onions,
      status: "draft",
      publish_at: "2030-03-01T10:30",
    });
    expect(scheduled.status).toBe(302);
    const row = await t.db.selectFrom("products").selectAll().where("id", "=", secretOnion).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "draft", publish_at: "2030-03-01T05:00:00.000Z" });

    const stamp = new Date(now).toISOString();
    const postId = await insertPost(t.db, {
      title: "Rabi Season Opens",
      slug: "rabi-season-opens",
      content: "Text",
      status: "draft",
      published_at: null,
      publish_at: "2030-03-01T05:00:00.000Z",
      author_name: "Editor",
      created_at: stamp,
      updated_at: stamp,
    });

    const scheduledPage = await (await app.request("/admin/scheduled", { cookie })).text();
    expect(scheduledPage).toContain("Scheduled");
    expect(scheduledPage).toContain("Secret Onion");
    expect(scheduledPage).toContain("Rabi Season Opens");
    expect(scheduledPage).toContain("1 Mar 2030, 10:30");

    // Both instances cache the pages while the product is a draft.
    for (const instance of [first, second]) {
      expect((await text("/products/onions", instance)).body).not.toContain("Secret Onion");
      expect((await text("/blog", instance)).body).not.toContain("Rabi Season Opens");
    }
    // As server/serve.ts starts it: a scheduled publish is a version of the item, by the system.
    const timers = [t.db, secondDb].map((db) =>
      startPublishTimer(db, { clock, recordPublished: recordScheduledPublish }),
    );
    try {
      now = Date.parse("2030-03-01T04:59:50.000Z");
      await Promise.all(timers.map((timer) => timer.runOnce()));
      expect((await t.db.selectFrom("activity").selectAll().where("action", "=", "publish").execute()).length).toBe(0);

      now = Date.parse("2030-03-01T05:00:05.000Z");
      await Promise.all(timers.map((timer) => timer.runOnce()));
    } finally {
      await Promise.all(timers.map((timer) => timer.stop()));
    }
    const activity = await t.db.selectFrom("activity").selectAll().where("action", "=", "publish").execute();
    expect(activity.map((a) => [a.entity, a.entity_id, a.actor_id, a.summary]).sort()).toEqual(
      [
        ["blog_post", postId, null, "Published as scheduled"],
        ["product", secretOnion, null, "Published as scheduled"],
      ].sort(),
    );
    // Each item's History gains the publish: its newest version is the published item.
    for (const id of [secretOnion, postId]) {
      const newest = await t.db
        .selectFrom("versions")
        .select("snapshot")
        .where("entity_id", "=", id)
        .orderBy("number", "desc")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(newest.snapshot)).toMatchObject({ status: "published" });
    }
    const product = await t.db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", secretOnion)
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({ status: "published", publish_at: null });
    const post = await t.db.selectFrom("blog_posts").selectAll().where("id", "=", postId).executeTakeFirstOrThrow();
    expect(post).toMatchObject({ status: "published", publish_at: null, published_at: "2030-03-01T05:00:00.000Z" });

    // Each instance learns of the change from the database within its check interval (about a second).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const instance of [first, second]) {
      const list = await afterRefresh(instance.app.pageCache, () => text("/products/onions", instance));
      expect(list.body).toContain("Secret Onion");
      const blog = await afterRefresh(instance.app.pageCache, () => text("/blog", instance));
      expect(blog.body).toContain("Rabi Season Opens");
      const { paths } = await readSitemap((path) => instance.request(path), ORIGIN);
      expect(paths).toContain("/products/onions/secret-onion");
    }
    expect((await app.request("/products/onions/secret-onion")).status).toBe(200);
  });

  it("flags on the dashboard an item overdue by more than 5 minutes", async () => {
    const calm = await (await app.request("/admin/dashboard", { cookie })).text();
    expect(calm).not.toContain("is overdue");
    const late = await insertProduct(t.db, {
      name: "Late Garlic",
      slug: "late-garlic",
      category_id: onions,
      status: "draft",
      publish_at: new Date(now - 4 * 60_000).toISOString(),
    });
    expect(await (await app.request("/admin/dashboard", { cookie })).text()).not.toContain("is overdue");
    await t.db
      .updateTable("products")
      .set({ publish_at: new Date(now - 6 * 60_000).toISOString() })
      .where("id", "=", late)
      .execute();
    const dashboard = await (await app.request("/admin/dashboard", { cookie })).text();
    expect(dashboard).toContain("1 scheduled item is overdue");
    expect(dashboard).toContain('href="/admin/scheduled"');
    expect(await (await app.request("/admin/scheduled", { cookie })).text()).toContain("Overdue");
  });
});
