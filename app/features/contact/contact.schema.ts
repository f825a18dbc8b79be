import { z } from "zod";
import { defineForm, missingFieldsToast } from "~/lib/forms/submission";

// Name, email and subject end up in email headers (the notification's Reply-To and Subject): one line only,
// no control characters (issue 6: no header injection). The message may have line breaks and tabs.
/* eslint-disable no-control-regex -- refusing control characters is the point of these patterns */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f\u2028\u2029]*$/;
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const CONTROL_RUNS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;
/* eslint-enable no-control-regex */
export const oneLine = (label: string) => z.string().regex(SINGLE_LINE, `Line breaks are not allowed in ${label}.`);

export const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

/** A message's text: line breaks and tabs allowed, no other control characters. */
export const MESSAGE_MAX = 5000;
export const MESSAGE_CHARACTERS = [MULTI_LINE, "The message contains characters that are not allowed."] as const;

/** The fields every form a buyer sends shares with the contact form (the quote request reuses them). */
export const buyerFields = {
  full_name: required("Full Name", 120).pipe(oneLine("Full Name")),
  email: required("Email Address", 254)
    .pipe(oneLine("Email Address"))
    .pipe(z.email("Please enter a valid email address.")),
  phone: z.string().trim().max(40, "Phone Number is too long.").pipe(oneLine("Phone Number")).optional().default(""),
};

/** The contact form's rules (spec §5): the browser checks them first, the server checks them again. */
export const contactForm = defineForm(
  z.object({
    ...buyerFields,
    subject: required("Subject", 200).pipe(oneLine("Subject")),
    message: required("Message", MESSAGE_MAX).regex(...MESSAGE_CHARACTERS),
  }),
  missingFieldsToast("Full Name, Email Address, Subject and Message are required."),
);

export type ContactInput = z.output<typeof contactForm.schema>;

/** Longest product name the form carries along (a product's name is at most 200 characters). */
export const PRODUCT_NAME_MAX = 200;

/** The product name from the inquiry link, on one line and within its limit, or "". */
export const cleanProductName = (value: unknown) =>
  typeof value === "string" ? value.replace(CONTROL_RUNS, " ").trim().slice(0, PRODUCT_NAME_MAX).trim() : "";

/** The subject a product page's inquiry link starts with (issue 3). */
export const inquirySubject = (productName: string | null) =>
  productName?.trim() ? `Inquiry about ${productName.trim().slice(0, 150)}` : "";
