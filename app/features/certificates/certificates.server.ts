import type { Db } from "~/db/database.server";

/** Public order (spec §7): sort_order, then name. */
export async function listCertificates(db: Db) {
  return db.selectFrom("certificates").selectAll().orderBy("sort_order", "asc").orderBy("name", "asc").execute();
}
