import type { ToastInput } from "~/lib/web/toast";
import type { z } from "zod";
import { firstError, integer, type FieldErrors, type FormDefinition } from "~/lib/forms/submission";

/**
 * Certificates and gallery items are the same thing to the back office: a list in a chosen order, each with one
 * picture, edited inline on one page (spec §2, §4). Their words follow one pattern, so they are made from the noun.
 */
export function itemWords(one: string, One: string) {
  return {
    one,
    One,
    addNew: `Add New ${One}`,
    edit: `Edit ${One}`,
    add: `Add ${One}`,
    update: `Update ${One}`,
    empty: `No ${one}s found.`,
    added: `${One} Added`,
    updated: `${One} Updated`,
    deleted: `${One} Deleted`,
    fetchError: `Error fetching ${one}s`,
    addError: `Error adding ${one}`,
    updateError: `Error updating ${one}`,
    deleteError: `Error deleting ${one}`,
    gone: `The ${one} no longer exists.`,
  };
}

export type ItemWords = ReturnType<typeof itemWords>;

/** A sorted list's words and its item form, shared by its page and its action. */
export interface ItemKind<S extends z.ZodObject = z.ZodObject> {
  words: ItemWords;
  /** The form's fields other than the picture and the sort order are the table's columns. */
  form: FormDefinition<S>;
}

/** Spec §5: parsed as an integer; blank means "keep it" when editing and "the current count" when adding. */
export const sortOrder = () => integer("Sort order", { min: -1_000_000, max: 1_000_000 });

/** Spec §8, for both lists: the title of a refused upload, whose message is 'Image upload failed: {message}'. */
export const IMAGE_OPERATION_FAILED = "Image Operation Failed";

/** The spec's toast when the required `field` is missing (`title`, `message`); any other refusal names its first problem. */
export const missingToast =
  (field: string, title: string, message: string) =>
  (errors: FieldErrors): ToastInput =>
    errors[field]?.includes(message)
      ? { title, description: message, variant: "destructive" }
      : { title: "Missing Fields", description: firstError(errors), variant: "destructive" };
