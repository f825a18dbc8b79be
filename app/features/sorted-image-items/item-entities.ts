import type { RowEntity } from "~/features/history/row-versions.server";
import type { EntityField } from "~/lib/entity-fields";
import { pageTag } from "~/lib/web/page-tags";

/** A certificate's fields (issue 39): the form's labels and limits, what is translated and versioned. */
export const CERTIFICATE_FIELDS = {
  name: { label: "Certificate name", versionLabel: "Certificate Name", max: 120 },
  description: { label: "Description", max: 2000, translated: "multiline" },
  authority: { label: "Issuing Authority", max: 200, translated: "line" },
  certificate_number: { label: "Certificate Number", max: 80 },
  valid_from: { label: "Valid From" },
  valid_until: { label: "Valid Until" },
  verify_url: { label: "Verify URL", versionLabel: "Verification Link", max: 500 },
  image_url: { label: "Image" },
} as const satisfies Record<string, EntityField>;

/** A certificate, described once (issue 27, ADR 0031). */
export const CERTIFICATE_ENTITY: RowEntity = {
  entity: "certificate",
  table: "certificates",
  translated: "certificate",
  kindName: "certificate",
  nameColumn: "name",
  fields: CERTIFICATE_FIELDS,
  // The form refuses an end before the start: one of the two put back alone could break that.
  restoredTogether: {
    columns: ["valid_from", "valid_until"],
    why: "Valid From and Valid Until are restored together, with the whole version: one alone could end the certificate before it starts.",
  },
  editPath: (id) => `/admin/edit-pages/certificates?edit=${id}`,
  changes: () => [pageTag.certificates],
};

/** A gallery picture's fields. */
export const GALLERY_ITEM_FIELDS = {
  title: { label: "Title", max: 200, translated: "line" },
  image_url: { label: "Image" },
} as const satisfies Record<string, EntityField>;

/** A gallery picture, described once. */
export const GALLERY_ITEM_ENTITY: RowEntity = {
  entity: "gallery_item",
  table: "gallery_items",
  translated: "gallery_item",
  kindName: "gallery picture",
  nameColumn: "title",
  fields: GALLERY_ITEM_FIELDS,
  editPath: (id) => `/admin/edit-pages/gallery?edit=${id}`,
  changes: () => [pageTag.gallery],
};

export const itemEntity = (table: "certificates" | "gallery_items") =>
  table === "certificates" ? CERTIFICATE_ENTITY : GALLERY_ITEM_ENTITY;
