import { categoryChanges } from "~/features/catalogue/category-admin.server";
import { productChanges } from "~/features/catalogue/product-admin.server";
import { postChanges } from "~/features/blog/blog-admin.server";
import { pageTag, type PageTag } from "~/lib/web/page-tags";
import type { TranslatableEntity } from "./registry.server";

/**
 * What a saved or deleted translation changes, for the page cache (ADR 0027, ADR 0030): the same names as a save of
 * the English thing. A page in every language declares the English names of what it shows, and each page lists the
 * other languages' versions (hreflang, the switcher), so a translation can change the English page too: dropping
 * all languages' pages of the thing is both the simplest rule and the right one. `scope` is a product's category.
 */
export function translationChanges(entity: TranslatableEntity, id: string, scope = ""): PageTag[] {
  switch (entity) {
    case "product":
      return productChanges(id, ...(scope ? [scope] : []));
    case "category":
      return categoryChanges(id);
    case "blog_post":
      return postChanges(id);
    case "certificate":
      return [pageTag.certificates];
    case "gallery_item":
      return [pageTag.gallery];
    case "page_content":
      return [pageTag.pageTexts(id.startsWith("about-us/") ? "about-us" : "home")];
    case "setting":
      return [pageTag.settings];
  }
}
