import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, type TestDatabase } from "../support/test-db";
import { enableLanguages, insertTranslation } from "../support/translations";

// The blog body's Markdown subset on the public post page, in English and translated, and what the feed and the
// page's description make of it (issue 29, ADR 0044).

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

const BODY = [
  "## Harvest notes",
  "",
  "Grades this week:",
  "- **Red** onion",
  "- White onion",
  "",
  "1. Sort",
  "2. Pack",
  "",
  "> Best *onions* we bought",
  "",
  "See [APEDA](https://apeda.gov.in) or [write to us](mailto:sales@example.com).",
  "![Onions in crates](/media/agro/crates.jpg)",
  "",
  "[bad](javascript:alert(1)) ![bad](data:image/png;base64,AAAA) <script>alert(2)</script>",
].join("\n");

const AR_BODY = "## ملاحظات الحصاد\n\n- بصل أحمر\n- [أبيدا](https://apeda.gov.in)";

const page = async (path: string) => {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  return response.text();
};

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  const saved = await app.request("/admin/manage-blog/add", {
    cookie,
    form: { title: "Harvest Notes", slug: "harvest-notes", content: BODY, status: "published", excerpt: "" },
  });
  expect(saved.status).toBe(302);
  await enableLanguages(t.db, "ar");
  const post = await t.db
    .selectFrom("blog_posts")
    .select("id")
    .where("slug", "=", "harvest-notes")
    .executeTakeFirstOrThrow();
  await insertTranslation(t.db, "blog_post", post.id, "ar", { title: "ملاحظات", slug: "ملاحظات", content: AR_BODY });
});
afterAll(() => t.cleanup());

describe(`the blog's Markdown on the public post page (${engineName})`, () => {
  it("renders headings, lists, quotes, links and pictures on the server", async () => {
    const html = await page("/blog/harvest-notes");
    expect(html).toContain("<h2>Harvest notes</h2>");
    expect(html).toContain("<p>Grades this week:</p><ul><li><strong>Red</strong> onion</li><li>White onion</li></ul>");
    expect(html).toContain("<ol><li>Sort</li><li>Pack</li></ol>");
    expect(html).toContain("<blockquote><p>Best <em>onions</em> we bought</p></blockquote>");
    expect(html).toContain('<a href="https://apeda.gov.in" rel="noopener">APEDA</a>');
    expect(html).toContain('<a href="mailto:sales@example.com">write to us</a>');
    expect(html).toContain(
      '<img src="/media/agro/crates.jpg" alt="Onions in crates" loading="lazy" decoding="async"/>',
    );
  });

  it("refuses javascript: links, data: pictures and raw HTML: they stay text", async () => {
    const html = await page("/blog/harvest-notes");
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('src="data:');
    expect(html).not.toContain("<script>alert(2)");
    expect(html).toContain("[bad](javascript:alert(1))");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("describes the page in plain words, without the marks", async () => {
    const html = await page("/blog/harvest-notes");
    const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1];
    expect(description).toMatch(
      /^Harvest notes Grades this week: Red onion White onion Sort Pack Best onions we bought See APEDA or write to us\. Onions in crates /,
    );
    expect(description).not.toMatch(/##|\*\*|&gt;|\]\(https/);
  });

  it("renders a translated body with the same rules, and the English one where none is translated", async () => {
    const ar = await page(`/ar/blog/${encodeURIComponent("ملاحظات")}`);
    expect(ar).toContain("<h2>ملاحظات الحصاد</h2>");
    expect(ar).toContain('<li><a href="https://apeda.gov.in" rel="noopener">أبيدا</a></li>');
    await enableLanguages(t.db, "bn");
    const bn = await page("/bn/blog/harvest-notes");
    expect(bn).toContain("<h2>Harvest notes</h2>");
  });

  it("keeps the feed to the excerpt, escaped: no body markup reaches RSS readers", async () => {
    await t.db.updateTable("blog_posts").set({ excerpt: "<b>New</b> [season](javascript:x)" }).execute();
    const response = await app.request("/blog/feed.xml");
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain("<description>&lt;b&gt;New&lt;/b&gt; [season](javascript:x)</description>");
    expect(xml).not.toContain("Harvest notes</");
  });
});
