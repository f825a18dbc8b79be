import { z } from "zod";
import { buyerRules, MESSAGE_MAX, perTranslator } from "~/features/inquiries/contact.schema";
import { defineForm, missingFieldsToast } from "~/lib/forms/submission";

/**
 * A sample request (issue 28): one product, how many kilograms, and where the courier takes it. The spec sets no
 * rule for samples, so these are the site's: a sample is a parcel a courier carries (more than 0 and at most
 * SAMPLE_KG_MAX kg, to the gram), the buyer's phone is required (a courier cannot deliver without one), and the
 * courier address is a few lines of at most COURIER_ADDRESS_MAX characters.
 */
export const SAMPLE_KG_MAX = 25;
export const COURIER_ADDRESS_MAX = 500;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The sample form in `t`'s language: the browser checks it before sending, the server again. */
export const sampleFormIn = perTranslator((t) => {
  const rules = buyerRules(t);
  const kgRequired = rules.requiredMessage("forms.field.sampleKg");
  return defineForm(
    z.object({
      product_id: rules.required("forms.field.product", 64),
      quantity_kg: z.preprocess(
        (v) => {
          const b = blankToUndefined(v);
          if (typeof b !== "string") return b;
          const n = Number(b.trim().replace(",", "."));
          return Number.isFinite(n) ? n : b;
        },
        z
          .number({
            error: (issue) => (issue.input === undefined ? kgRequired : t("forms.error.quantityNumber")),
          })
          .positive(t("forms.error.quantityPositive"))
          .max(SAMPLE_KG_MAX, t("forms.error.sampleKgMax", { max: SAMPLE_KG_MAX })),
      ),
      company: rules.required("forms.field.company", 200).pipe(rules.oneLine("forms.field.company")),
      full_name: rules.buyerFields.full_name,
      email: rules.buyerFields.email,
      phone: rules.required("forms.field.phone", 40).pipe(rules.oneLine("forms.field.phone")),
      country: rules.country,
      courier_address: rules
        .required("forms.field.courierAddress", COURIER_ADDRESS_MAX)
        .regex(...rules.messageCharacters),
      message: z
        .string()
        .trim()
        .max(MESSAGE_MAX, rules.tooLong("forms.field.message"))
        .regex(...rules.messageCharacters)
        .optional()
        .transform((v) => v ?? ""),
    }),
    missingFieldsToast(t("forms.sample.requiredFields"), t("forms.toast.missingFields"), rules.isRequiredMessage),
  );
});

/** The sample form in English. */
export const sampleForm = sampleFormIn();

export type SampleInput = z.output<typeof sampleForm.schema>;

/** Kilograms as stored on the sample's line: to the gram, without trailing zeros ("2.5"). */
export const kgText = (kg: number) => String(Math.round(kg * 1000) / 1000);

/** The subject a sample request is stored and emailed under (within the subject's 200 characters). */
export function sampleSubject(productName: string, kg: string): string {
  const tail = ` (${kg} kg)`;
  const prefix = "Sample request: ";
  const room = 200 - prefix.length - tail.length;
  const name = productName.length > room ? `${productName.slice(0, room - 1)}…` : productName;
  return `${prefix}${name}${tail}`;
}
