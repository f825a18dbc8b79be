import { z } from "zod";
import { itemWords, missingToast, sortOrder, type ItemKind } from "~/features/sorted-image-items/sorted-image-items";
import { checkbox, defineForm, optionalDate, optionalFile, optionalHttpUrl, text } from "~/lib/forms/submission";
import { CERTIFICATE_FIELDS } from "~/features/sorted-image-items/item-entities";

export const CERTIFICATE_NAME_REQUIRED = "Certificate name is required.";
export const VALID_UNTIL_BEFORE_FROM = "Valid Until cannot be before Valid From.";

const F = CERTIFICATE_FIELDS;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const certificateForm = defineForm(
  z
    .object({
      name: text.required(F.name.label, F.name.max),
      authority: text.optional(F.authority.label, F.authority.max),
      description: text.optional(F.description.label, F.description.max),
      certificate_number: text.optional(F.certificate_number.label, F.certificate_number.max),
      valid_from: optionalDate(F.valid_from.label),
      valid_until: optionalDate(F.valid_until.label),
      verify_url: optionalHttpUrl(F.verify_url.label, F.verify_url.max),
      sort_order: sortOrder(),
      image: optionalFile(),
      image_remove: checkbox(),
    })
    .superRefine(({ valid_from, valid_until }, ctx) => {
      // Zod runs this even when a field was refused: compare only two real days (YYYY-MM-DD sorts as days do).
      if (ISO_DAY.test(valid_from ?? "") && ISO_DAY.test(valid_until ?? "") && valid_until < valid_from)
        ctx.addIssue({ code: "custom", path: ["valid_until"], message: VALID_UNTIL_BEFORE_FROM });
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
