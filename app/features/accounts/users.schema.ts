import { z } from "zod";
import { checkbox, defineForm, firstError } from "~/lib/forms/submission";

export const ROLES = ["user", "admin"] as const;

/** Each role in a sentence, where an administrator chooses or reads one. */
export const ROLE_SENTENCES: Record<(typeof ROLES)[number], string> = {
  admin: "Uses every page of the back office: products, pages, quote requests and quotes, accounts and settings.",
  user: "Cannot use the back office: signing in is refused with 'Access Denied'.",
};

/** The role editor (spec §2, §6); refused as 'Error Updating User Role' (spec §8). */
export const userRoleForm = defineForm(
  z.object({
    role: z.enum(ROLES, { error: "Choose admin or user." }),
    /** Set when an administrator has confirmed taking the admin role from themselves. */
    confirm: checkbox(),
  }),
  (errors) => ({ title: "Error Updating User Role", description: firstError(errors), variant: "destructive" }),
);

/** What an administrator is asked before changing their own role to user (in the browser, or by the server). */
export const SELF_DEMOTION_PROMPT =
  "Change your own role to user? You will be signed out and no longer have access to the back office.";
export const SELF_DEMOTION_CONFIRM = "Changing your own role to user signs you out. Tick the box to confirm.";
