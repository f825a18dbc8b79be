import type { Db } from "~/db/database.server";
import { listCertificatesExpiringWithin } from "~/features/certificates/certificates.server";
import { EXPIRY_WARNING_DAYS } from "~/features/certificates/validity";
import { utcDate } from "~/lib/time";
import { countUsersByRole } from "~/features/auth/users.server";

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

/** Certificates to renew at the moment `now`: expiring within the warning period, the already expired included. */
export async function listCertificatesToRenew(db: Db, now: number) {
  const today = utcDate(now);
  return { today, certificates: await listCertificatesExpiringWithin(db, today, EXPIRY_WARNING_DAYS) };
}
