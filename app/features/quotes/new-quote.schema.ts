import { z } from "zod";
import { ALL_LANGUAGES } from "~/lib/i18n/languages";
import { defineForm, firstError, text } from "~/lib/forms/submission";

/** A quote from scratch, for a buyer the desk knows (no inquiry): who it is for and in which language. */
/** Who a quote is for: the editor's fields and the new quote's. */
export const buyerShape = {
  buyer_name: text.required("Buyer Name", 200),
  buyer_email: z
    .string({ error: "Buyer Email is required." })
    .trim()
    .min(1, "Buyer Email is required.")
    .max(254, "Buyer Email is too long (at most 254 characters).")
    .pipe(z.email("Buyer Email must be an email address.")),
  buyer_company: text.optional("Company", 200),
  buyer_country: text.optional("Country", 100),
  lang: z.enum(ALL_LANGUAGES as [string, ...string[]], { error: "Choose the buyer's language." }),
};

export const newQuoteForm = defineForm(z.object(buyerShape), (errors) => ({
  title: "Quote Not Created",
  description: firstError(errors),
  variant: "destructive",
}));
