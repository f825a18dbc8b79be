import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { ABOUT_SECTIONS, HOME_SECTIONS } from "../../app/features/content/home-content";
import { expect, test } from "./support/fixtures";
import { startExtraServer } from "./support/spawn-server";

// Every text an administrator can enter, given an 80-letter word with no space in it (a pasted product code, an
// e-mail address, a name in a language written without spaces): no public page may then scroll sideways on a phone.
// A site of its own, as the words are written straight into its SQLite file: with its page cache off, as the pages
// its start rendered (its warm-up) would not know of writes made behind the site's back.

const LONG = "Pyaaz".repeat(16);
const long = (label: string) => `${label} ${LONG}${label.replace(/\W/g, "")}`;
let server: Awaited<ReturnType<typeof startExtraServer>>;

test.beforeAll(async () => {
  test.setTimeout(120_000); // starts and seeds a site of its own
  server = await startExtraServer({ SEED_DEMO: "true", PAGE_CACHE: "off" });
  fillWithLongWords(path.join(server.dataDir, "site.db"));
});
test.afterAll(async () => {
  await server?.stop();
});

/** Writes straight into the running site's SQLite file: the pages read it on every request. */
function fillWithLongWords(file: string) {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  const now = new Date().toISOString();
  const id = () => crypto.randomUUID();
  const categoryId = id();
  db.prepare(
    "insert into product_categories (id, name, slug, description, image_url, created_at, updated_at) values (?, ?, 'long-words', ?, null, ?, ?)",
  ).run(categoryId, LONG, long("Category description"), now, now);
  db.prepare(
    `insert into products (id, name, slug, category_id, description, image_url, gallery_images, specifications, export_info, is_featured, created_at, updated_at)
     values (?, ?, 'long-product', ?, ?, null, '[]', ?, ?, 1, ?, ?)`,
  ).run(
    id(),
    LONG,
    categoryId,
    long("Description"),
    JSON.stringify({ [long("Key")]: long("Value"), Size: LONG, Organic: true }),
    long("Export"),
    now,
    now,
  );
  db.prepare(
    `insert into blog_posts (id, title, slug, content, excerpt, author_id, author_name, featured_image_url, tags, status, published_at, created_at, updated_at)
     values (?, ?, 'long-words', ?, ?, null, ?, null, ?, 'published', ?, ?, ?)`,
  ).run(
    id(),
    LONG,
    `${long("Paragraph")}\n\n**${LONG}** *${LONG}*\n${LONG}`,
    long("Excerpt"),
    LONG,
    JSON.stringify([LONG, `${LONG}2`, "Onions"]),
    now,
    now,
    now,
  );
  db.prepare(
    "insert into certificates (id, name, description, authority, image_url, sort_order, created_at, updated_at) values (?, ?, ?, ?, null, -1, ?, ?)",
  ).run(id(), LONG, long("Certificate description"), LONG, now, now);
  const picture = db.prepare("select image_url from gallery_items limit 1").pluck().get();
  db.prepare(
    "insert into gallery_items (id, title, image_url, sort_order, created_at, updated_at) values (?, ?, ?, -1, ?, ?)",
  ).run(id(), LONG, picture, now, now);
  const page = db.prepare(
    `insert into page_content (id, page_slug, section_slug, content, content_type, updated_at) values (?, ?, ?, ?, ?, ?)
     on conflict (page_slug, section_slug) do update set content = excluded.content`,
  );
  for (const [slug, sections] of [
    ["home", HOME_SECTIONS],
    ["about-us", ABOUT_SECTIONS],
  ] as const) {
    for (const s of sections)
      if (s.type === "text" || s.type === "textarea") page.run(id(), slug, s.key, long(s.label), s.type, now);
  }
  const setting = db.prepare("update site_settings set setting_value = ? where setting_key = ?");
  setting.run(`${LONG}, Kanpur, Uttar Pradesh 208025, India`, "contact_address");
  setting.run(`${"exports".repeat(10)}@${"gangaagroexports".repeat(3)}.com`, "contact_email");
  setting.run(`+91${"9".repeat(60)}`, "contact_phone");
  db.close();
}

async function expectNoSidewaysScroll(page: Page, pathname: string) {
  await page.goto(server.url + pathname);
  await expect(page.getByText(LONG, { exact: false }).first()).toBeAttached();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  // A phone browser zooms out to show a page wider than the screen, which widens innerWidth with it: hold the page
  // to the screen's own width as well.
  const screen = Math.min(innerWidth, page.viewportSize()!.width);
  expect
    .soft(scrollWidth, `${pathname} is ${scrollWidth} px wide on a ${screen} px screen`)
    .toBeLessThanOrEqual(screen);
}

test("no public page scrolls sideways with an 80-letter word in every text", async ({ page }, testInfo) => {
  for (const pathname of [
    "/",
    "/our-products",
    "/products/long-words",
    "/products/long-words/long-product",
    "/blog",
    "/blog/long-words",
    "/certificates-memberships",
    "/gallery",
    "/about-us",
    "/contact-us",
  ]) {
    await expectNoSidewaysScroll(page, pathname);
  }

  await page.goto(`${server.url}/products/long-words/long-product`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(LONG);
  // Icons beside wrapping text keep their size.
  expect(
    (await page
      .getByRole("link", { name: /^Back to/ })
      .locator("svg")
      .boundingBox())!.width,
  ).toBe(20);
  await testInfo.attach("product with a long name (phone)", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });

  // The gallery's full-size viewer shows the title too.
  await page.goto(`${server.url}/gallery`);
  await page
    .getByRole("button", { name: new RegExp(LONG) })
    .first()
    .click();
  const caption = page.getByRole("dialog").locator("figcaption");
  await expect(caption).toHaveText(LONG);
  const box = (await caption.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
