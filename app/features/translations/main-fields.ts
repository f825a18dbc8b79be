import type { TranslatableEntity } from "./registry.server";

/**
 * The fields that make a page "available" in a language, per kind: untranslated, the page says so and leaves
 * hreflang. Kept apart from the registry so the public pages read them without the back office's sources.
 */
export const MAIN_FIELDS: Record<TranslatableEntity, readonly string[]> = {
  product: ["name", "description"],
  category: ["name"],
  certificate: ["description"],
  gallery_item: ["title"],
  blog_post: ["title", "content"],
  page_content: ["content"],
  media: ["alt_text"],
  setting: ["value"],
};
