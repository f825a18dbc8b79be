import {
  cleanProductName,
  contactFormIn,
  type contactForm,
  type ContactInput,
} from "~/features/inquiries/contact.schema";
import { buyerKeys } from "~/lib/buyer-keys";
import { safePagePath, type InquiryIntake } from "./intake.server";

/**
 * A contact-form message: the schema's fields, the product it was asked about and the page it was sent from (both
 * from hidden fields, kept only when they are clean). Only the team is notified: nothing is ever sent to the
 * sender's address.
 */
export const contactMessageIntake: InquiryIntake<
  typeof contactForm.schema,
  { fields: ContactInput; productName: unknown; pagePath: unknown }
> = {
  form: contactFormIn,
  // The page it came from comes back only as a same-origin path.
  typedValues: (values, form) => ({ ...values, page_path: safePagePath(form.get("page_path")) ?? "" }),
  prepare: async (_db, fields, form) => ({
    ok: true,
    ready: { fields, productName: form.get("product_name"), pagePath: form.get("page_path") },
  }),
  store: async (db, { fields, productName, pagePath }, row) => {
    await db
      .insertInto("inquiries")
      .values({
        ...row,
        ...buyerKeys(fields.email, null),
        full_name: fields.full_name,
        email: fields.email,
        phone: fields.phone,
        subject: fields.subject,
        message: fields.message,
        product_name: cleanProductName(productName) || null,
        page_path: safePagePath(pagePath),
      })
      .execute();
    return { kind: "contact", email: fields.email, products: [] };
  },
  notSaved: {
    title: "forms.refusal.messageNotSent.title",
    message: "forms.refusal.messageNotSent.message",
    log: "[inquiries] could not store an inquiry",
  },
};
