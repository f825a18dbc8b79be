import type { SortedImageItems } from "~/features/sorted-image-items/sorted-image-items.server";
import { certificateForm, certificates } from "./certificates.schema";

/** Spec §7: pictures in public/certificates, named like the other uploads (a kind prefix and a random suffix). */
export const certificateItems = {
  table: "certificates",
  ...certificates,
  list: "/admin/edit-pages/certificates",
  folder: "public/certificates",
  filePrefix: () => "certificate",
} satisfies SortedImageItems<typeof certificateForm.schema>;
