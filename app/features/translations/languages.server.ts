import type { Db } from "~/db/database.server";
import { SHIPPED_LANGUAGES, type ShippedLanguage } from "~/lib/i18n/languages";

/** The languages an administrator has enabled (`/admin/languages`), in the order the product ships them. */
export async function listEnabledLanguages(db: Db): Promise<ShippedLanguage[]> {
  const rows = await db.selectFrom("languages").select("code").where("enabled", "=", 1).execute();
  const enabled = new Set(rows.map((row) => row.code));
  return SHIPPED_LANGUAGES.filter((lang) => enabled.has(lang));
}
