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

// The same rule turned round, to find the few things the public does not see through the status indexes: each side
// of the public status is a range of its own, joined by `union all`. Written as `<>`, or as one `or` of the two
// ranges, SQLite reads every row of a 100,000-product catalogue (15 ms a search, issue 43); two ranges, microseconds.
const hiddenIds = (table: "products" | "product_categories" | "blog_posts") =>
  sql<{ id: string }>`select ${sql.ref(`${table}.id`)} from ${sql.table(table)}
    where ${sql.ref(`${table}.status`)} < ${PUBLIC_STATUS}
  union all select ${sql.ref(`${table}.id`)} from ${sql.table(table)}
    where ${sql.ref(`${table}.status`)} > ${PUBLIC_STATUS}`;

/** The ids of the categories the public does not see. */
export const hiddenCategoryIds = hiddenIds("product_categories");
/**
 * The ids of the products the public does not see: drafts, and every product of a draft category (the few
 * categories first: `cross join` keeps SQLite to that order, which otherwise reads every product).
 */
export const hiddenProductIds = sql<{ id: string }>`${hiddenIds("products")}
  union all select products.id from product_categories cross join products
    where products.category_id = product_categories.id and ${sql.ref("product_categories.status")} <> ${PUBLIC_STATUS}`;
/** The ids of the posts the public does not see (drafts, archived). */
export const hiddenPostIds = hiddenIds("blog_posts");
