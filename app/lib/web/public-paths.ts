// The public addresses of a category, a product and a post, by slug (English, without a language prefix): the
// redirects of a changed slug, the sitemap, the pages' links and the kinds' descriptors all build them here.

export const categoryPath = (categorySlug: string) => `/products/${categorySlug}`;
export const productPath = (categorySlug: string, productSlug: string) => `/products/${categorySlug}/${productSlug}`;
export const postPath = (postSlug: string) => `/blog/${postSlug}`;
