import { z } from "zod";
import type { BlogStatus } from "~/db/schema";
import { scheduleField } from "~/features/publishing/status";
import { checkbox, defineForm, missingFieldsToast, optionalFile, slugText, text } from "~/lib/forms/submission";
import { POST_FIELDS } from "./post-entity";

// The blog post form (add and edit): one schema for the action and the inputs' limits.

const F = POST_FIELDS;

export const POST_REQUIRED = "Title, Slug, and Content are required.";

export const BLOG_STATUSES = ["draft", "published", "archived"] as const satisfies readonly BlogStatus[];

export const postForm = defineForm(
  z.object({
    title: text.required(F.title.label, F.title.max),
    slug: slugText(F.slug.max),
    content: text.required(F.content.label, F.content.max),
    excerpt: text.optional(F.excerpt.label, F.excerpt.max),
    // Entered comma-separated; split by splitTags (spec §5).
    tags: text.optional(F.tags.label, F.tags.max),
    // Spec §4: a new post is a draft unless published; anything unknown is a draft too.
    status: z.enum(BLOG_STATUSES).catch("draft"),
    /** 'Schedule': a draft's publishing time in the site's time zone (ADR 0033). */
    publish_at: scheduleField,
    // Absent when the field is locked to the signed-in profile's name (spec §5).
    author_name: text.optional(F.author_name.label, F.author_name.max),
    image: optionalFile(),
    image_remove: checkbox(),
  }),
  missingFieldsToast(POST_REQUIRED),
);

export type PostValues = z.output<typeof postForm.schema>;
