import { z } from "zod";
import { itemWords, missingToast, sortOrder, type ItemKind } from "~/features/sorted-image-items/sorted-image-items";
import { checkbox, defineForm, optionalFile, text } from "~/lib/forms/submission";

export const CERTIFICATE_NAME_REQUIRED = "Certificate name is required.";

export const certificateForm = defineForm(
  z.object({
    name: text.required("Certificate name", 120),
    authority: text.optional("Issuing Authority", 200),
    description: text.optional("Description", 2000),
    sort_order: sortOrder(),
    image: optionalFile(),
    image_remove: checkbox(),
  }),
  missingToast("name", "Missing Name", CERTIFICATE_NAME_REQUIRED),
);

// 'Add New Certificate', 'No certificates found.', 'Certificate Added' / 'Updated' / 'Deleted', 'Error deleting
// certificate', 'Error fetching certificates' (spec §2, §8).
export const certificates = {
  words: itemWords("certificate", "Certificate"),
  form: certificateForm,
} satisfies ItemKind<typeof certificateForm.schema>;

export type CertificateValues = z.output<typeof certificateForm.schema>;
