import { z } from "zod";
import type { ToastInput } from "~/lib/web/toast";
import {
  checkbox,
  defineForm,
  firstError,
  list,
  missingFieldsToast,
  optionalFile,
  optionalFiles,
  slugText,
  text,
  type FieldErrors,
} from "~/lib/forms/submission";
import { checkTradeTerms, tradeTermsShape } from "./trade-terms/schema";
import { publishStatusField, scheduleField } from "~/features/publishing/status";
import { CHOOSE_CSV, CSV_TOO_LARGE, MAX_CSV_BYTES, NOT_CSV } from "./csv/limits";
import { PRODUCT_TEXT_FIELDS } from "./product-fields";
import { CATEGORY_FIELDS } from "./category-entity";

// The catalogue's admin forms: one schema each, used by the action and, for the input limits, by the form.

const CATEGORY = CATEGORY_FIELDS;

export const CATEGORY_REQUIRED = "Category Name and Slug are required.";

export const categoryForm = defineForm(
  z.object({
    name: text.required(CATEGORY.name.label, CATEGORY.name.max),
    slug: slugText(CATEGORY.slug.max),
    description: text.optional(CATEGORY.description.label, CATEGORY.description.max),
    image: optionalFile(),
    image_remove: checkbox(),
    status: publishStatusField,
  }),
  missingFieldsToast(CATEGORY_REQUIRED),
);

export type CategoryValues = z.output<typeof categoryForm.schema>;

export const PRODUCT_REQUIRED = "Product Name, Category, and Slug are required.";
/** New gallery pictures one save takes (the request's size limit allows about five full-size ones). */
export const MAX_NEW_GALLERY = 20;
export const MAX_SPEC_ROWS = 100;
const TOO_MANY_SPECS = `At most ${MAX_SPEC_ROWS} specifications.`;

const FIELDS = PRODUCT_TEXT_FIELDS;

export const productForm = defineForm(
  z
    .object({
      name: text.required(FIELDS.name.label, FIELDS.name.max),
      slug: slugText(FIELDS.slug.max),
      category_id: text.required("Category", 64),
      description: text.optional(FIELDS.description.label, FIELDS.description.max),
      export_info: text.optional(FIELDS.export_info.label, FIELDS.export_info.max),
      is_featured: checkbox(),
      status: publishStatusField,
      /** 'Schedule': a draft's publishing time in the site's time zone (ADR 0033). */
      publish_at: scheduleField,
      image: optionalFile(),
      image_remove: checkbox(),
      gallery_new: optionalFiles(MAX_NEW_GALLERY, `At most ${MAX_NEW_GALLERY} gallery images can be added at a time.`),
      /** Saved gallery pictures marked for removal (applied on save). */
      gallery_remove: list(z.string().max(2048), 1000, "Too many gallery images marked for removal."),
      /** The saved gallery pictures in the order chosen on the page, one URL each, first to last (issue 29). */
      gallery_order: list(z.string().max(2048), 1000, "Too many gallery images in the order."),
      // The specification rows, one input of each per row (spec §5: only rows with both a key and a value are kept).
      spec_key: list(
        z.string().max(100, "A specification name is too long (at most 100 characters)."),
        MAX_SPEC_ROWS,
        TOO_MANY_SPECS,
      ),
      spec_type: list(
        z.enum(["text", "boolean"], { error: "Choose Text or Yes / No." }),
        MAX_SPEC_ROWS,
        TOO_MANY_SPECS,
      ),
      spec_value: list(
        z.string().max(500, "A specification value is too long (at most 500 characters)."),
        MAX_SPEC_ROWS,
        TOO_MANY_SPECS,
      ),
      ...tradeTermsShape,
    })
    .superRefine(checkTradeTerms),
  missingFieldsToast(PRODUCT_REQUIRED),
);

export type ProductValues = z.output<typeof productForm.schema>;

const importError = (errors: FieldErrors): ToastInput => ({
  title: "Import Error",
  description: firstError(errors),
  variant: "destructive",
});

/** The CSV import's first step: the file to preview (spec §5: a .csv file only). */
export const csvUploadForm = defineForm(
  z.object({
    file: z.any().transform((value: unknown, ctx): File => {
      // With no file chosen a browser still sends the field, empty and without a name.
      const chosen = value instanceof File && (value.size > 0 || value.name !== "");
      const message = !chosen
        ? CHOOSE_CSV
        : !/\.(csv|xlsx)$/i.test(value.name)
          ? NOT_CSV
          : value.size > MAX_CSV_BYTES
            ? CSV_TOO_LARGE
            : null;
      if (message) ctx.addIssue({ code: "custom", message });
      return value as File;
    }),
    drafts_without_picture: checkbox(),
  }),
  importError,
);

/** The import's second step: the previewed draft and the counts the administrator saw. */
export const csvImportForm = defineForm(
  z.object({
    draftId: z.string().trim().min(1, "The preview is incomplete: choose the file and preview it again.").max(64),
    add: z.coerce.number().int().min(0),
    update: z.coerce.number().int().min(0),
    drafts_without_picture: checkbox(),
  }),
  importError,
);
