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
