import type { Db } from "~/db/database.server";
import { parseTags } from "./tags";
import { publicPost } from "~/features/publishing/visibility.server";

/** Published posts only, newest published first (spec §7). */
export async function listPublishedPosts(db: Db) {
  const rows = await db
    .selectFrom("blog_posts")
    .select([
      "id",
      "title",
      "slug",
      "excerpt",
      "featured_image_url",
      "published_at",
      "author_name",
      "tags",
      "updated_at",
    ])
    .where(publicPost)
    .orderBy("published_at", "desc")
    .execute();
  return rows.map((row) => ({ ...row, tags: parseTags(row.tags) }));
}

/** A post only while it is published: a draft or archived post is as absent as an unknown slug. */
export async function findPublishedPost(db: Db, slug: string) {
  return findPublishedPostBy(db, { slug });
}

/** As `findPublishedPost`, by id or English slug (a page under a language prefix may know the id from its slug). */
export async function findPublishedPostBy(db: Db, post: { id: string } | { slug: string }) {
  const row = await db
    .selectFrom("blog_posts")
    .selectAll()
    .where((eb) => ("id" in post ? eb("id", "=", post.id) : eb("slug", "=", post.slug)))
    .where(publicPost)
    .executeTakeFirst();
  return row ? { ...row, tags: parseTags(row.tags) } : null;
}
