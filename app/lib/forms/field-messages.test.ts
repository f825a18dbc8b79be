import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contactFormIn } from "~/features/inquiries/contact.schema";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { quoteFormIn } from "~/features/request-quote/quote-request.schema";
import { sampleFormIn } from "~/features/request-sample/sample-request.schema";
import { fieldMessages, invalidToastTexts, messageAttributes } from "./field-messages";
import { defineForm, parseSubmission } from "./submission";

/** What the server answers when the form is sent with `entries` (field by field). */
const serverSays = (definition: ReturnType<typeof contactFormIn>, entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  const parsed = parseSubmission(form, definition.schema);
  return parsed.ok ? {} : parsed.errors;
};

describe("fieldMessages", () => {
  it("gives the contact form's messages word for word as the server answers them, in English", () => {
    const contact = contactFormIn();
    expect(fieldMessages(contact, "full_name", { required: true, maxLength: 120 })).toEqual({
      required: "Full Name is required.",
      toolong: "Full Name is too long.",
    });
    const email = fieldMessages(contact, "email", { type: "email", required: true, maxLength: 254 });
    expect(email).toEqual({
      required: "Email Address is required.",
      toolong: "Email Address is too long.",
      email: "Please enter a valid email address.",
    });
    // The same words the action gives for the same values.
    const errors = serverSays(contact, { full_name: "", email: "not-an-email", subject: "x", message: "y" });
    expect(errors.full_name).toEqual([fieldMessages(contact, "full_name", { required: true }).required]);
    expect(errors.email).toEqual([email.email]);
    // An optional field has no 'required' message.
    expect(fieldMessages(contact, "phone", { maxLength: 40 })).toEqual({ toolong: "Phone Number is too long." });
  });

  it("speaks the page's language (Arabic, Bengali)", () => {
    for (const lang of ["ar", "bn"] as const) {
      const { t } = wordingOf(lang);
      const contact = contactFormIn(t);
      const messages = fieldMessages(contact, "email", { type: "email", required: true });
      expect(messages.required).toBe(t("forms.error.required", { field: t("forms.field.email") }));
      expect(messages.email).toBe(t("forms.error.email"));
      expect(messages.email).not.toBe("Please enter a valid email address.");
    }
    const { t } = wordingOf("ar");
    expect(fieldMessages(quoteFormIn(t), "company", { required: true }).required).toBe("حقل «الشركة» مطلوب.");
  });

  it("finds a number's range messages past the control's own min and max", () => {
    const sample = sampleFormIn();
    expect(fieldMessages(sample, "quantity_kg", { type: "number", required: true, min: "0.001", max: 25 })).toEqual({
      required: "Quantity (kg) is required.",
      low: "Quantity must be more than 0.",
      high: "A sample can weigh at most 25 kg.",
    });
  });

  it("takes the form's own rule for a field its schema leaves optional (a quote line's quantity)", () => {
    const quote = quoteFormIn();
    // The quantity is required only by the form's rule once the line names a product: the server says so then.
    const serverRequired = serverSays(quote as never, {
      product_id_0: "p1",
      quantity_0: "",
      unit_0: "kg",
      company: "Gulf Fresh",
      full_name: "Ahmed",
      email: "ahmed@example.ae",
      country: "AE",
    }).quantity_0;
    expect(fieldMessages(quote, "quantity_0", { type: "number", required: true, min: "0.001" })).toEqual({
      required: serverRequired?.[0],
      low: "Quantity must be more than 0.",
    });
    // Without `required` on the control, nothing is asked of an empty one.
    expect(fieldMessages(quote, "quantity_0", { type: "number" })).toEqual({});
    // A month before the earliest one allowed.
    expect(fieldMessages(quote, "delivery_month", { type: "month", min: "2026-11" }).low).toBe(
      "Target Delivery Month must not be in the past.",
    );
  });

  it("has none for a field the schema does not know, nor for a check the schema does not make", () => {
    const form = defineForm(z.object({ note: z.string().optional() }));
    expect(fieldMessages(form, "nothing", { required: true, maxLength: 3 })).toEqual({});
    expect(fieldMessages(form, "note", { maxLength: 3, type: "email" })).toEqual({});
  });

  it("writes them as data attributes", () => {
    expect(messageAttributes({ required: "A is required.", email: "Bad." })).toEqual({
      "data-msg-required": "A is required.",
      "data-msg-email": "Bad.",
    });
  });
});

describe("invalidToastTexts", () => {
  it("gives the 'Missing Fields' title and the sentence naming every required field, in the page's language", () => {
    expect(invalidToastTexts(contactFormIn())).toEqual({
      title: "Missing Fields",
      requiredSentence: "Full Name, Email Address, Subject and Message are required.",
    });
    const { t } = wordingOf("ar");
    expect(invalidToastTexts(quoteFormIn(t))).toEqual({
      title: t("forms.toast.missingFields"),
      requiredSentence: t("forms.quote.requiredFields"),
    });
  });

  it("has no sentence for a form without required fields", () => {
    expect(invalidToastTexts(defineForm(z.object({ note: z.string().max(3, "Too long.") })))).toEqual({
      title: "Missing Fields",
    });
  });
});
