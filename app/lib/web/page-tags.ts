// What a cached page shows and what a save changed, by name (ADR 0027). A page rendered for the cache declares each
// piece of content it shows (`AppServices.shows`); a back-office write names what it changed
// (`AppServices.changed`); the cache then drops, on every instance, only the pages that show something changed.
// A page that declares nothing is dropped by every change, and a write that names nothing drops every page: what is
// forgotten costs speed, never correctness. `tests/integration/page-dependencies.test.ts` renders every public route
// and fails when a page shows content it did not declare.

/** A name for one piece of public content. */
export type PageTag = string & { readonly __pageTag?: never };

export const pageTag = {
  /** The site settings: every page's header, footer and chat button. */
  settings: "settings" as PageTag,
  /** The editable texts and pictures of the home or the about page. */
  pageTexts: (page: "home" | "about-us") => `page:${page}` as PageTag,
  /** The list of categories (names, slugs, pictures, order) wherever all of them are shown. */
  categoryList: "categories" as PageTag,
  /** One category's own fields (name, slug, description, picture), wherever they are shown. */
  category: (id: string | number) => `category:${id}` as PageTag,
  /** Which products a category lists, in which order, and their cards. */
  productsIn: (categoryId: string | number) => `products-in:${categoryId}` as PageTag,
  /** One product's own fields, pictures, specifications and trade terms. */
  product: (id: string | number) => `product:${id}` as PageTag,
  /** The whole catalogue at once: every product and category (the sitemap, the catalogue PDF). */
  catalogue: "catalogue" as PageTag,
  certificates: "certificates" as PageTag,
  /** The exchange rates a page carries for prices in the buyer's currency (issue 43). */
  exchangeRates: "exchange-rates" as PageTag,
  gallery: "gallery" as PageTag,
  /** The list of published posts (the blog page, the feed, the sitemap). */
  blogList: "blog" as PageTag,
  /** One blog post. */
  post: (id: string | number) => `post:${id}` as PageTag,
  /** One lot's public page (`/lots/{code}`, issue 45): its facts and whether its report is offered. */
  lot: (code: string) => `lot:${code}` as PageTag,
  /** What only the code and the configuration make (robots.txt): no save names it, so no save drops the answer. */
  configuration: "configuration" as PageTag,
  /**
   * Named by a back-office write that changes nothing public (an inquiry's status, a user's role, a CSV preview):
   * no page shows it, so such a write drops no page. (A write that names nothing drops every page.)
   */
  none: "none" as PageTag,
} as const;

// What each kind of save changes, named once: the catalogue, the blog, the scheduler, translations, history and the
// media library all raise these.

/**
 * A product's save or removal: its own page and sheet, the list of each category it was or is in, and the
 * whole-catalogue answers (sitemap, catalogue PDF).
 */
export const productChanges = (id: string, ...categoryIds: string[]): PageTag[] => [
  pageTag.product(id),
  ...[...new Set(categoryIds)].map((categoryId) => pageTag.productsIn(categoryId)),
  pageTag.catalogue,
];

/**
 * A category's save or removal: its own fields (its page, and the breadcrumb and addresses of its products' pages and
 * sheets), its product list, every list of categories, and the whole-catalogue answers.
 */
export const categoryChanges = (id: string): PageTag[] => [
  pageTag.category(id),
  pageTag.productsIn(id),
  pageTag.categoryList,
  pageTag.catalogue,
];

/** A post's save or removal: its own page and the blog's list (the blog page, the feed, the sitemap). */
export const postChanges = (id: string): PageTag[] => [pageTag.post(id), pageTag.blogList];
