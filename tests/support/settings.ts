import type { Db } from "~/db/database.server";
import { settingRow } from "./builders";

/** An exporter's contact details, as the demo seed writes them: no page invents them any more (ADR 0035). */
export const CONTACT_SETTINGS = {
  contact_address: "117/N/72, Kakadeo, Kanpur, Uttar Pradesh 208025, India",
  contact_email: "exports@gangaagroexports.com",
  contact_phone: "+91 98390 12345",
  whatsapp_number: "+91 98390 12345",
};

/** Stores these settings (keys not stored yet), each with a new id. For one with an id of its own: `insertSetting`. */
export async function insertSettings(db: Db, settings: Record<string, string> = CONTACT_SETTINGS) {
  await db
    .insertInto("site_settings")
    .values(Object.entries(settings).map(([key, value]) => settingRow(key, value)))
    .execute();
}
