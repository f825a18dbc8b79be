import { z } from "zod";

/** The contact form's rules (spec §5): the browser checks them first, the server checks them again. */
export const contactSchema = z.object({
  full_name: z.string().trim().min(1, "Full Name is required.").max(120, "Full Name is too long."),
  email: z.string().trim().min(1, "Email Address is required.").max(254, "Email Address is too long.").pipe(z.email("Please enter a valid email address.")),
  phone: z.string().trim().max(40, "Phone Number is too long.").optional().default(""),
  subject: z.string().trim().min(1, "Subject is required.").max(200, "Subject is too long."),
  message: z.string().trim().min(1, "Message is required.").max(5000, "Message is too long."),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

export function fieldErrors(error: z.ZodError): ContactErrors {
  const errors: ContactErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof ContactInput;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The subject a product page's inquiry link starts with (issue 3). */
export const inquirySubject = (productName: string | null) => (productName?.trim() ? `Inquiry about ${productName.trim().slice(0, 150)}` : "");
