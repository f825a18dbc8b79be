import type { RowEntity } from "~/features/history/row-versions.server";
import type { EntityField } from "~/lib/entity-fields";
import { postChanges } from "~/lib/web/page-tags";
import { postPath } from "~/lib/web/public-paths";

/** A blog post's fields (issue 39): the form's labels and limits, what is translated and versioned. */
export const POST_FIELDS = {
  title: { label: "Title", max: 200, translated: "line" },
  slug: { label: "Slug", max: 200, translated: "slug" },
  status: { label: "Status" },
  publish_at: { label: "Publish at" },
  author_name: { label: "Author Name", max: 120 },
  content: { label: "Content", max: 100_000, translated: "multiline" },
  excerpt: { label: "Excerpt", max: 500, translated: "multiline" },
  // Entered comma-separated and stored as a JSON list; translated as one text (translations/registry).
  tags: { label: "Tags", max: 1000, translated: "line" },
  featured_image_url: { label: "Featured Image" },
} as const satisfies Record<string, EntityField>;

/** A blog post, described once (issue 27, ADR 0031); a restore leaves its status and publishing times. */
export const POST_ENTITY: RowEntity = {
  entity: "blog_post",
  table: "blog_posts",
  translated: "blog_post",
  kindName: "blog post",
  nameColumn: "title",
  fields: POST_FIELDS,
  notRestored: ["status", "publish_at"],
  editPath: (id) => `/admin/manage-blog/edit/${id}`,
  changes: postChanges,
  publicPath: postPath,
};
