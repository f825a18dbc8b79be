import type { RowEntity } from "~/features/history/row-versions.server";
import type { EntityField } from "~/lib/entity-fields";
import { categoryChanges } from "~/lib/web/page-tags";
import { categoryPath } from "~/lib/web/public-paths";

/** A category's fields (issue 39): the form's labels and limits, what is translated and versioned. */
export const CATEGORY_FIELDS = {
  name: { label: "Category Name", max: 120, translated: "line" },
  slug: { label: "Slug", max: 120, translated: "slug" },
  status: { label: "Status" },
  description: { label: "Description", max: 2000, translated: "multiline" },
  image_url: { label: "Image" },
} as const satisfies Record<string, EntityField>;

/** A category, described once (issue 27, ADR 0031): its versions keep the form's fields, status and translations. */
export const CATEGORY_ENTITY: RowEntity = {
  entity: "category",
  table: "product_categories",
  translated: "category",
  kindName: "category",
  nameColumn: "name",
  fields: CATEGORY_FIELDS,
  notRestored: ["status"],
  editPath: (id) => `/admin/manage-categories/edit/${id}`,
  changes: categoryChanges,
  publicPath: categoryPath,
};
