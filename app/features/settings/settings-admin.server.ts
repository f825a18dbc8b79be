import type { Db } from "~/db/database.server";
import { newId, nowIso } from "~/lib/time";
import { safeHttpUrl } from "./settings.schema";

export const SETTING_REQUIRED = "Setting Key and Value are required.";

/** Spec §5: trimmed, lowercased, spaces to underscores. */
export const normaliseSettingKey = (key: string) => key.trim().toLowerCase().replace(/\s+/g, "_");

/**
 * Settings holding a link (the logo and the social profiles, any key ending in _url) take only an http(s) URL,
 * '#' (hidden) or nothing; the logo may also be one of our stored pictures.
 */
export function settingValueProblem(key: string, value: string): string | null {
  if (!key.endsWith("_url")) return value.length > 2000 ? "The value is too long." : null;
  const v = value.trim();
  if (v === "" || v === "#") return null;
  if (key === "header_logo_url" && /^\/media\/application-assets\/[\w./-]+$/.test(v) && !v.includes("..")) return null;
  return safeHttpUrl(v) ? null : "Use a full web address starting with http:// or https://, or # to hide it.";
}

export async function listSettings(db: Db) {
  return db.selectFrom("site_settings").selectAll().orderBy("setting_key", "asc").execute();
}

export type SettingsResult = { ok: true } | { ok: false; title: string; message: string; key?: string };

/** Saves every changed value in one transaction; a bad value stops all of them, naming the setting. */
export async function saveSettings(db: Db, values: Map<string, string>): Promise<SettingsResult> {
  const settings = await listSettings(db);
  const changes = settings.filter((s) => values.has(s.id) && values.get(s.id) !== s.setting_value);
  for (const setting of changes) {
    const value = values.get(setting.id)!;
    // A link setting may be emptied (no logo, no link); every other setting needs a value.
    if (value.trim() === "" && !setting.setting_key.endsWith("_url"))
      return {
        ok: false,
        title: `Error saving ${setting.setting_key}`,
        message: SETTING_REQUIRED,
        key: setting.setting_key,
      };
    const problem = settingValueProblem(setting.setting_key, value);
    if (problem)
      return { ok: false, title: `Error saving ${setting.setting_key}`, message: problem, key: setting.setting_key };
  }
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const setting of changes) {
      await trx
        .updateTable("site_settings")
        .set({ setting_value: values.get(setting.id)!.trim(), updated_at: now })
        .where("id", "=", setting.id)
        .execute();
    }
  });
  return { ok: true };
}

export async function addSetting(
  db: Db,
  input: { key: string; value: string; description: string },
): Promise<SettingsResult> {
  const key = normaliseSettingKey(input.key).slice(0, 100);
  const value = input.value.trim();
  if (!key || !value) return { ok: false, title: "Error Adding Setting", message: SETTING_REQUIRED };
  if (!/^[a-z0-9_.-]+$/.test(key))
    return {
      ok: false,
      title: "Error Adding Setting",
      message: "Use letters, digits and underscores in the key (snake_case).",
    };
  const problem = settingValueProblem(key, value);
  if (problem) return { ok: false, title: "Error Adding Setting", message: problem };
  const exists = await db.selectFrom("site_settings").select("id").where("setting_key", "=", key).executeTakeFirst();
  if (exists)
    return { ok: false, title: "Error Adding Setting", message: `A setting with the key "${key}" already exists.` };
  await db
    .insertInto("site_settings")
    .values({
      id: newId(),
      setting_key: key,
      setting_value: value,
      description: input.description.trim().slice(0, 500) || null,
      updated_at: nowIso(),
    })
    .execute();
  return { ok: true };
}

export async function deleteSetting(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("site_settings").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
