import { z } from "zod";
import { email as emailOf, newPassword, repeatedPassword, withMatchingPasswords } from "~/features/auth/auth.schema";
import { ROLES } from "~/features/accounts/users.schema";
import { defineForm, firstError, text } from "~/lib/forms/submission";

const email = emailOf("Email");

/**
 * The roles an invitation may give: only one that can use the back office (issue 41: a colleague invited as "user"
 * set a password and was told 'Access Denied'). A "user" account is the spec's role without back-office access.
 */
export const INVITE_ROLES = ["admin"] as const satisfies ReadonlyArray<(typeof ROLES)[number]>;

/** 'Invite User' on /admin/accounts. */
export const inviteForm = defineForm(
  z.object({
    email,
    name: text.required("Full Name", 120),
    role: z.enum(INVITE_ROLES, {
      error: "An invited colleague is an admin: an account with the role user cannot use the back office.",
    }),
  }),
  (errors) => ({ title: "Invitation Not Sent", description: firstError(errors), variant: "destructive" }),
);

/** 'Forgot password?': only an email. */
export const forgotForm = defineForm(z.object({ email }), (errors) => ({
  title: "Request Not Sent",
  description: firstError(errors),
  variant: "destructive",
}));

/** The invitation's and the reset link's page: a new password, typed twice. */
export const newPasswordForm = defineForm(
  withMatchingPasswords(
    z.object({
      token: z.string().max(100).optional(),
      password: newPassword("Password is required."),
      confirmPassword: repeatedPassword("Confirm Password is required."),
    }),
  ),
  (errors) => ({ title: "Password Not Set", description: firstError(errors), variant: "destructive" }),
);

/** A code from the authenticator app, or a recovery code. */
export const codeForm = defineForm(
  z.object({
    code: z.string({ error: "Enter the code." }).trim().min(1, "Enter the code.").max(40, "That code is too long."),
  }),
  (errors) => ({ title: "Code Not Accepted", description: firstError(errors), variant: "destructive" }),
);

/** What every refused or unknown link says: never whether the account exists. */
export const LINK_INVALID =
  "This link is not valid any more: it was used, it expired, or a newer one was made. Ask for a new one.";
export const FORGOT_ANSWER =
  "If an account exists for that email, we've sent a link to reset its password. It works for 1 hour. If no email arrives, ask an administrator for a reset link.";
