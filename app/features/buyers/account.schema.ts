import { z } from "zod";
import { buyerRules, perTranslator } from "~/features/inquiries/contact.schema";
import { defineForm, missingFieldsToast } from "~/lib/forms/submission";

/** 'Email me a sign-in link' (issue 45): one address, checked as the contact form checks one. */
export const signInFormIn = perTranslator((t) => {
  const rules = buyerRules(t);
  return defineForm(
    z.object({ email: rules.buyerFields.email }),
    missingFieldsToast(t("account.signIn.required"), t("forms.toast.missingFields"), rules.isRequiredMessage),
  );
});
