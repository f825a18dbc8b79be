import type { RowVersioning } from "~/features/history/row-versions.server";

/** What a blog post's version keeps (issue 27, ADR 0031); a restore leaves its status and publishing times. */
export const POST_VERSIONS: RowVersioning = {
  entity: "blog_post",
  table: "blog_posts",
  translated: "blog_post",
  kindName: "blog post",
  nameColumn: "title",
  labels: {
    title: "Title",
    slug: "Slug",
    status: "Status",
    publish_at: "Publish at",
    author_name: "Author Name",
    content: "Content",
    excerpt: "Excerpt",
    tags: "Tags",
    featured_image_url: "Featured Image",
  },
  notRestored: ["status", "publish_at"],
};
