import type { Db } from "~/db/database.server";
import { escapeXml } from "~/lib/xml";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { pageTag, type PageTag } from "~/lib/web/page-tags";

import { FEED_PATH } from "./feed";
import { publicPost } from "~/features/publishing/visibility.server";

export { FEED_PATH };

/** The newest posts a feed holds: readers poll it, and a feed of every post ever would grow without bound. */
export const FEED_MAX_ITEMS = 20;

/** The blog as RSS 2.0: the newest published posts, each with its title, address, date and excerpt. */
export async function blogFeedXml(db: Db, origin: string, shows: (...tags: PageTag[]) => void): Promise<string> {
  shows(pageTag.blogList);
  const posts = await db
    .selectFrom("blog_posts")
    .select(["title", "slug", "excerpt", "published_at", "author_name"])
    .where(publicPost)
    .orderBy("published_at", "desc")
    .orderBy("id")
    .limit(FEED_MAX_ITEMS)
    .execute();
  const items = posts.map((post) => {
    const link = `${origin}/blog/${encodeURIComponent(post.slug)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      post.published_at ? `      <pubDate>${new Date(post.published_at).toUTCString()}</pubDate>` : null,
      post.excerpt ? `      <description>${escapeXml(post.excerpt)}</description>` : null,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const newest = posts[0]?.published_at;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${COMPANY_NAME} Blog`)}</title>
    <link>${escapeXml(`${origin}/blog`)}</link>
    <atom:link href="${escapeXml(origin + FEED_PATH)}" rel="self" type="application/rss+xml" />
    <description>${escapeXml(`News and market notes from ${COMPANY_NAME}`)}</description>
    <language>en</language>
${newest ? `    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>\n` : ""}${items.join("\n")}
  </channel>
</rss>
`;
}

export const feedResponse = (xml: string) =>
  new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
