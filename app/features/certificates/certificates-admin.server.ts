import type { SortedImageItems } from "~/features/sorted-image-items/sorted-image-items.server";
import { pageTag } from "~/lib/web/page-tags";
import { certificateForm, certificates } from "./certificates.schema";

/** Spec §7: pictures in public/certificates, named like the other uploads (a kind prefix and a random suffix). */
export const certificateItems = {
  table: "certificates",
  ...certificates,
  list: "/admin/edit-pages/certificates",
  folder: "public/certificates",
  filePrefix: () => "certificate",
  // The certificates page, and the certificates printed on every spec sheet and the catalogue.
  changes: pageTag.certificates,
} satisfies SortedImageItems<typeof certificateForm.schema>;
