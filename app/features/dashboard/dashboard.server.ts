import type { Db } from "~/db/database.server";
import { countUsersByRole } from "~/features/users/users.server";

export interface DashboardCounts {
  products: number;
  categories: number;
  adminUsers: number;
  blogPosts: number;
}

export async function getDashboardCounts(db: Db): Promise<DashboardCounts> {
  const count = (table: "products" | "product_categories" | "blog_posts") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [products, categories, blogPosts, roles] = await Promise.all([
    count("products"),
    count("product_categories"),
    count("blog_posts"),
    countUsersByRole(db),
  ]);
  return { products, categories, adminUsers: roles.admin, blogPosts };
}
