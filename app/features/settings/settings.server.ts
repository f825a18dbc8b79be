import type { Db } from "~/db/database.server";
import { SETTING_DEFAULTS, type PublicSettingKey, type PublicSettings } from "./settings.schema";
import { log } from "~/lib/log.server";

/**
 * The public shell's settings: stored values where present and non-empty, built-in defaults otherwise (also when
 * they cannot be read, which `onFallback` is told of).
 */
export async function getPublicSettings(db: Db, onFallback?: () => void): Promise<PublicSettings> {
  const keys = Object.keys(SETTING_DEFAULTS) as PublicSettingKey[];
  const settings: PublicSettings = { ...SETTING_DEFAULTS };
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
    // Spec §8: footer and chat-button failures are only logged and fall back to defaults.
    log.error("[settings] could not load public settings", error);
    onFallback?.();
  }
  return settings;
}
