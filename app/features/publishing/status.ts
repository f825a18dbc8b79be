import { z } from "zod";
import type { PublishStatus } from "~/db/schema";

// Draft / Published for products and categories (issue 27, ADR 0033); blog posts keep their own three statuses.

export const PUBLISH_STATUSES = ["draft", "published"] as const satisfies readonly PublishStatus[];

/** The choices as the forms and lists name them. */
export const STATUS_OPTIONS = [
  { value: "published", label: "Published" },
  { value: "draft", label: "Draft" },
];

/**
 * The status a form sends. A new product or category is 'Published' unless 'Draft' is chosen: the spec has them live
 * on save, and a form or script that sends no status keeps doing what it did.
 */
export const publishStatusField = z.enum(PUBLISH_STATUSES).catch("published");

/** The 'Schedule' input: a date and time in the site's time zone (`datetime-local`), or empty. */
export const scheduleField = z
  .string()
  .trim()
  .max(32, "Enter the date and time as the picker gives it.")
  .optional()
  .transform((value) => value ?? "");
