import { z } from "zod";
import type { MessageKey } from "~/features/i18n/catalogue";
import { makeTranslator, type Translate } from "~/features/i18n/translate";
import { countryCodeOf } from "~/lib/country";
import { defineForm, missingFieldsToast } from "~/lib/forms/submission";

// Name, email and subject end up in email headers (the notification's Reply-To and Subject): one line only,
// no control characters (issue 6: no header injection). The message may have line breaks and tabs.
/* eslint-disable no-control-regex -- refusing control characters is the point of these patterns */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f\u2028\u2029]*$/;
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const CONTROL_RUNS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;
/* eslint-enable no-control-regex */
/** What the buyers' form messages are written with: the page's translator (`useI18n().t`, or the request's). */
export type FormTranslate = Translate;

const englishT = makeTranslator("en", null);

/**
 * The rules a buyer's field is built from, their messages whole sentences in `t`'s language with the field's name
 * in them (`{field} is required.`). `requiredMessages` collects every 'is required' message made, so the 'Missing
 * Fields' toast knows one when it sees it in any language.
 */
export function buyerRules(t: FormTranslate) {
  const requiredMessages = new Set<string>();
  const name = (field: FieldKey) => t(field);
  const oneLine = (field: FieldKey) =>
    z.string().regex(SINGLE_LINE, t("forms.error.lineBreaks", { field: name(field) }));
  const required = (field: FieldKey, max: number) => {
    const message = t("forms.error.required", { field: name(field) });
    requiredMessages.add(message);
    return z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(max, t("forms.error.tooLong", { field: name(field) }));
  };
  const requiredMessage = (field: FieldKey) => {
    const message = t("forms.error.required", { field: name(field) });
    requiredMessages.add(message);
    return message;
  };
  const tooLong = (field: FieldKey) => t("forms.error.tooLong", { field: name(field) });
  const messageCharacters = [MULTI_LINE, t("forms.error.messageCharacters")] as const;
  /** The fields every form a buyer sends shares with the contact form (the quote request reuses them). */
  const buyerFields = {
    full_name: required("forms.field.fullName", 120).pipe(oneLine("forms.field.fullName")),
    email: required("forms.field.email", 254)
      .pipe(oneLine("forms.field.email"))
      .pipe(z.email(t("forms.error.email"))),
    phone: z
      .string()
      .trim()
      .max(40, tooLong("forms.field.phone"))
      .pipe(oneLine("forms.field.phone"))
      .optional()
      .default(""),
  };
  /**
   * The buyer's country (issue 41): its ISO code, as the forms' list sends it, or words that name one ("UAE",
   * "الإمارات"); anything else is refused. Read as the code.
   */
  const country = required("forms.field.country", 100)
    .pipe(oneLine("forms.field.country"))
    .transform((value, ctx) => {
      const code = countryCodeOf(value);
      if (code) return code;
      ctx.addIssue({ code: "custom", message: t("forms.error.country") });
      return z.NEVER;
    });
  const isRequiredMessage = (message: string) => requiredMessages.has(message);
  return { oneLine, required, requiredMessage, tooLong, messageCharacters, buyerFields, country, isRequiredMessage };
}

type FieldKey = Extract<MessageKey, `forms.field.${string}`>;

/** A message's text: line breaks and tabs allowed, no other control characters. */
export const MESSAGE_MAX = 5000;

/** One value per translator, made once: a form's definition is built per language and kept (stable for React). */
export function perTranslator<T>(build: (t: FormTranslate) => T): (t?: FormTranslate) => T {
  const made = new WeakMap<FormTranslate, T>();
  return (t = englishT) => {
    let value = made.get(t);
    if (!value) made.set(t, (value = build(t)));
    return value;
  };
}

/** The contact form's rules (spec §5) in a language: the browser checks them first, the server checks them again. */
export const contactFormIn = perTranslator((t) => {
  const rules = buyerRules(t);
  return defineForm(
    z.object({
      ...rules.buyerFields,
      subject: rules.required("forms.field.subject", 200).pipe(rules.oneLine("forms.field.subject")),
      message: rules.required("forms.field.message", MESSAGE_MAX).regex(...rules.messageCharacters),
    }),
    missingFieldsToast(t("forms.contact.requiredFields"), t("forms.toast.missingFields"), rules.isRequiredMessage),
  );
});

/** The contact form in English (the spec's words). */
export const contactForm = contactFormIn();

export type ContactInput = z.output<typeof contactForm.schema>;

/** Longest product name the form carries along (a product's name is at most 200 characters). */
export const PRODUCT_NAME_MAX = 200;

/** The product name from the inquiry link, on one line and within its limit, or "". */
export const cleanProductName = (value: unknown) =>
  typeof value === "string" ? value.replace(CONTROL_RUNS, " ").trim().slice(0, PRODUCT_NAME_MAX).trim() : "";

/** The subject a product page's inquiry link starts with (issue 3), in the page's language. */
export const inquirySubject = (productName: string | null, t: FormTranslate = englishT) =>
  productName?.trim() ? t("forms.contact.inquirySubject", { product: productName.trim().slice(0, 150) }) : "";
