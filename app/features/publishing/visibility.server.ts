import { sql, type RawBuilder, type SqlBool } from "kysely";
import { PUBLIC_STATUS } from "./visibility";

// The visibility rule of `visibility.ts` as conditions for a query: `.where(publicProduct)` on a query that joins
// `product_categories` to `products`, `.where(publicCategory)`, `.where(publicPost)`. Column names are qualified, so
// they hold in any join.

const shown = (column: string): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(column)} = ${PUBLIC_STATUS}`;

/** A published product of a published category (the query joins both tables under their own names). */
export const publicProduct = sql<SqlBool>`${shown("products.status")} and ${shown("product_categories.status")}`;
/** A published category. */
export const publicCategory = shown("product_categories.status");
/** A published post. */
export const publicPost = shown("blog_posts.status");
/** A product's own status, in a query over `products` alone whose category the caller has already found public. */
export const productPublished = shown("products.status");

// The same rule turned round, to find the few things the public does not see through the status indexes (as two
// ranges, which an index serves, where `<>` reads every row): the site search leaves these out of what it matched.
const hidden = (column: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref(column)} < ${PUBLIC_STATUS} or ${sql.ref(column)} > ${PUBLIC_STATUS})`;

/** The ids of the products the public does not see: drafts, and every product of a draft category. */
export const hiddenProductIds = sql<{ id: string }>`select products.id from products where ${hidden("products.status")}
  union select products.id from products where products.category_id in (
    select product_categories.id from product_categories where ${hidden("product_categories.status")})`;
/** The ids of the categories the public does not see. */
export const hiddenCategoryIds = sql<{
  id: string;
}>`select product_categories.id from product_categories where ${hidden("product_categories.status")}`;
/** The ids of the posts the public does not see (drafts, archived). */
export const hiddenPostIds = sql<{
  id: string;
}>`select blog_posts.id from blog_posts where ${hidden("blog_posts.status")}`;
