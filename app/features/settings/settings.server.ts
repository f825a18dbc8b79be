import type { Db } from "~/db/database.server";
import { PUBLIC_SETTING_KEYS, type PublicSettingKey, type PublicSettings } from "./settings.schema";
import { log } from "~/lib/log.server";

/**
 * The public shell's settings: stored values, trimmed; empty where a setting is missing or cleared (its element is
 * hidden, ADR 0035), and all empty when they cannot be read (which `onFallback` is told of).
 */
export async function getPublicSettings(db: Db, onFallback?: () => void): Promise<PublicSettings> {
  const keys: readonly PublicSettingKey[] = PUBLIC_SETTING_KEYS;
  const settings = Object.fromEntries(keys.map((key) => [key, ""])) as PublicSettings;
  try {
    const rows = await db
      .selectFrom("site_settings")
      .select(["setting_key", "setting_value"])
      .where("setting_key", "in", keys)
      .execute();
    for (const row of rows) {
      if (row.setting_value.trim() !== "") settings[row.setting_key as PublicSettingKey] = row.setting_value.trim();
    }
  } catch (error) {
    // Spec §8: footer and chat-button failures are only logged; the elements are hidden rather than invented.
    log.error("[settings] could not load public settings", error);
    onFallback?.();
  }
  return settings;
}
