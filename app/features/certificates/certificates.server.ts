import type { Db } from "~/db/database.server";
import { addDays } from "~/lib/time";

/**
 * The certificates a buyer may see on `today` (UTC): those that have started (no start date, or a start date of today
 * or earlier) and not lapsed (no end date, or a last valid day of today or later). An expired certificate is never
 * shown publicly, and a renewal entered ahead of time appears on its first day. Public order (spec §7): sort_order,
 * then name.
 */
export async function listCurrentCertificates(db: Db, today: string) {
  return db
    .selectFrom("certificates")
    .selectAll()
    .where((eb) => eb.or([eb("valid_from", "is", null), eb("valid_from", "<=", today)]))
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">=", today)]))
    .orderBy("sort_order", "asc")
    .orderBy("name", "asc")
    .execute();
}

/**
 * For the dashboard: certificates whose last valid day is at most `days` days after `today`, the already expired
 * included, soonest first.
 */
export async function listCertificatesExpiringWithin(db: Db, today: string, days: number) {
  return db
    .selectFrom("certificates")
    .select(["id", "name", "certificate_number", "valid_until"])
    .where("valid_until", "is not", null)
    .where("valid_until", "<=", addDays(today, days))
    .orderBy("valid_until", "asc")
    .orderBy("name", "asc")
    .execute();
}
