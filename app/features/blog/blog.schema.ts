import { z } from "zod";
import type { BlogStatus } from "~/db/schema";
import { scheduleField } from "~/features/publishing/status";
import { checkbox, defineForm, missingFieldsToast, optionalFile, slugText, text } from "~/lib/forms/submission";

// The blog post form (add and edit): one schema for the action and the inputs' limits.

export const POST_REQUIRED = "Title, Slug, and Content are required.";

export const BLOG_STATUSES = ["draft", "published", "archived"] as const satisfies readonly BlogStatus[];

export const postForm = defineForm(
  z.object({
    title: text.required("Title", 200),
    slug: slugText(200),
    content: text.required("Content", 100_000),
    excerpt: text.optional("Excerpt", 500),
    // Entered comma-separated; split by splitTags (spec §5).
    tags: text.optional("Tags", 1000),
    // Spec §4: a new post is a draft unless published; anything unknown is a draft too.
    status: z.enum(BLOG_STATUSES).catch("draft"),
    /** 'Schedule': a draft's publishing time in the site's time zone (ADR 0033). */
    publish_at: scheduleField,
    // Absent when the field is locked to the signed-in profile's name (spec §5).
    author_name: text.optional("Author Name", 120),
    image: optionalFile(),
    image_remove: checkbox(),
  }),
  missingFieldsToast(POST_REQUIRED),
);

export type PostValues = z.output<typeof postForm.schema>;
