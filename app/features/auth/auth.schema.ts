import { z } from "zod";
import { defineForm, firstError, type FieldErrors } from "~/lib/forms/submission";
import { sameOriginPath } from "~/lib/same-origin";

export const MIN_PASSWORD_LENGTH = 12;

export const email = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(254, `${label} is too long.`)
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address."));

/** A new password: long enough, not absurdly long; `missing` is what an absent one is told. */
export const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(1024, "Password is too long.");

/**
 * The new password typed again: only required, the length is the first field's to say (issue 41: a short password
 * showed its error under both fields). That it repeats the first is `withMatchingPasswords`'.
 */
export const repeatedPassword = (missing: string) =>
  z.string({ error: missing }).min(1, missing).max(1024, "Password is too long.");

/** A form that asks for a new password twice: the second must repeat the first. */
export const withMatchingPasswords = <T extends z.ZodType<{ password: string; confirmPassword: string }>>(form: T) =>
  // A missing repetition is said once, as missing.
  form.refine((v) => !v.confirmPassword || v.password === v.confirmPassword, {
    message: "The two passwords do not match.",
    path: ["confirmPassword"],
  });

const isMissing = (errors: FieldErrors) =>
  Object.values(errors).some((list) => list?.some((m) => m.endsWith(" is required.")));

/** Spec §5: email (email-formatted) and password both required; refused as 'Login Failed' (spec §8). */
export const loginForm = defineForm(
  z.object({
    email: email("Email"),
    password: z
      .string({ error: "Password is required." })
      .min(1, "Password is required.")
      .max(1024, "Password is too long."),
  }),
  (errors) => ({
    title: "Login Failed",
    description: isMissing(errors) ? "Email and password are required." : firstError(errors),
    variant: "destructive",
  }),
);

/** The one-time first-administrator form (ADR 0004). */
export const setupForm = defineForm(
  withMatchingPasswords(
    z.object({
      name: z
        .string({ error: "Full Name is required." })
        .trim()
        .min(1, "Full Name is required.")
        .max(120, "Full Name is too long."),
      email: email("Email"),
      password: newPassword("Password is required."),
      confirmPassword: repeatedPassword("Confirm the password."),
    }),
  ),
  (errors) => ({ title: "Setup Failed", description: firstError(errors), variant: "destructive" }),
);

/** Passwords are never sent back into the page. */
export function withoutPasswords<T extends { values: Record<string, unknown> }>(submission: T): T {
  const { password: _p, confirmPassword: _c, ...values } = submission.values;
  return { ...submission, values };
}

/**
 * Only a back-office path of this site may be a post-login destination (no open redirect), judged on the path a
 * browser would go to ('/admin/..//evil.example' is '//evil.example'); never the sign-in pages themselves.
 */
export function safeAdminRedirect(target: string | null | undefined): string {
  const path = sameOriginPath(target);
  if (path && /^\/admin(\/|$|\?)/.test(path) && !/^\/admin\/(login|setup|logout)\b/.test(path)) return path;
  return "/admin/dashboard";
}
