import type { RowVersioning } from "~/features/history/row-versions.server";

/** What a category's version keeps (issue 27, ADR 0031): the form's fields, its status and its translations. */
export const CATEGORY_VERSIONS: RowVersioning = {
  entity: "category",
  table: "product_categories",
  translated: "category",
  kindName: "category",
  nameColumn: "name",
  labels: { name: "Category Name", slug: "Slug", status: "Status", description: "Description", image_url: "Image" },
  notRestored: ["status"],
};
