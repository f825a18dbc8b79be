import type { SortedImageItems } from "~/features/sorted-image-items/sorted-image-items.server";
import { sortedItemsLoader } from "~/features/sorted-image-items/sorted-image-items.server";
import { getServices } from "~/services.server";
import { certificateForm, certificates } from "./certificates.schema";
import { utcDate } from "~/lib/time";

/** Spec §7: pictures in public/certificates, named like the other uploads (a kind prefix and a random suffix). */
export const certificateItems = {
  table: "certificates",
  ...certificates,
  list: "/admin/edit-pages/certificates",
  folder: "public/certificates",
  filePrefix: () => "certificate",
} satisfies SortedImageItems<typeof certificateForm.schema>;

const loadItems = sortedItemsLoader(certificateItems.table);

/** The admin list, with today's UTC date from the server's clock, by which each card says whether it has lapsed. */
export async function loadCertificatesForAdmin(args: Parameters<typeof loadItems>[0]) {
  return { ...(await loadItems(args)), today: utcDate(getServices(args.context).now()) };
}
