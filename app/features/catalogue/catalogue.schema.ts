import { z } from "zod";
import { checkbox, defineForm, missingFieldsToast, optionalFile, slugText, text } from "~/lib/forms/submission";

// The catalogue's admin forms: one schema each, used by the action and, for the input limits, by the form.

export const CATEGORY_REQUIRED = "Category Name and Slug are required.";

export const categoryForm = defineForm(
  z.object({
    name: text.required("Category Name", 120),
    slug: slugText(120),
    description: text.optional("Description", 2000),
    image: optionalFile(),
    image_remove: checkbox(),
  }),
  missingFieldsToast(CATEGORY_REQUIRED),
);

export type CategoryValues = z.output<typeof categoryForm.schema>;
