import type { RowVersioning } from "~/features/history/row-versions.server";

/** What a certificate's version keeps (issue 27, ADR 0031). */
export const CERTIFICATE_VERSIONS: RowVersioning = {
  entity: "certificate",
  table: "certificates",
  translated: "certificate",
  kindName: "certificate",
  nameColumn: "name",
  labels: {
    name: "Certificate Name",
    description: "Description",
    authority: "Issuing Authority",
    certificate_number: "Certificate Number",
    valid_from: "Valid From",
    valid_until: "Valid Until",
    verify_url: "Verification Link",
    image_url: "Image",
  },
};

/** What a gallery picture's version keeps. */
export const GALLERY_ITEM_VERSIONS: RowVersioning = {
  entity: "gallery_item",
  table: "gallery_items",
  translated: "gallery_item",
  kindName: "gallery picture",
  nameColumn: "title",
  labels: { title: "Title", image_url: "Image" },
};

export const itemVersions = (table: "certificates" | "gallery_items") =>
  table === "certificates" ? CERTIFICATE_VERSIONS : GALLERY_ITEM_VERSIONS;
