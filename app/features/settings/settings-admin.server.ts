import type { Db } from "~/db/database.server";
import { removeStoredImageIfUnused } from "~/features/media/images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { discardImages, storeUploadedImage, UploadError } from "~/features/media/upload.server";
import { attempt } from "~/lib/forms/respond.server";
import type { Refusal } from "~/lib/forms/submission";
import { newId, nowIso } from "~/lib/time";
import {
  LOGO_FIELD,
  LOGO_KEY,
  originalField,
  settingValueProblem,
  storedSettingValue,
  valueField,
  type SettingAddValues,
  type SettingSlot,
  type SettingsValues,
} from "./settings-admin.schema";
import { siteFieldOf } from "./site-fields";
import type { Actor } from "~/lib/actor";
import { recordSettingsVersion } from "./settings-snapshot.server";

export async function listSettings(db: Db) {
  return db.selectFrom("site_settings").selectAll().orderBy("setting_key", "asc").execute();
}

export type SettingRow = Awaited<ReturnType<typeof listSettings>>[number];

/** Refused for the site's own settings: they are cleared instead (their element is then hidden, ADR 0035). */
export const KEPT_SETTING = "This setting is part of the site: clear its value instead of deleting it.";

/** A setting Save All did not write: its key, the input the message belongs to, and why. */
export interface RefusedSetting {
  key: string;
  field: string;
  message: string;
}

export interface SettingsOutcome {
  /** What was written, by input name (an uploaded logo's address instead of what was typed). */
  saved: Record<string, string>;
  refused: RefusedSetting[];
}

/**
 * Saves every setting changed on the page, one after another (spec §7), each by its own rule: a refused value is
 * reported and the others are still saved. A value counts as changed when it differs from the one the page showed
 * (`original:{id}`), so a page opened before someone else's save does not undo that save. The logo may come as an
 * upload (stored under public/settings), which wins over its typed address; the stored logo it replaces is removed
 * once nothing uses it (spec §4). One of the site's own settings not stored yet is inserted when given a value.
 */
export async function saveSettings(
  db: Db,
  storage: Storage,
  actor: Actor,
  settings: SettingSlot[],
  values: SettingsValues,
  maxBytes: number,
): Promise<SettingsOutcome> {
  const outcome: SettingsOutcome = { saved: {}, refused: [] };
  for (const setting of settings) {
    const key = setting.setting_key;
    const field = valueField(setting.id);
    const typed = values[field];
    const shown = values[originalField(setting.id)];
    // What was typed, when it differs from what the page showed.
    const change =
      typeof typed === "string" && typed !== (typeof shown === "string" ? shown : setting.setting_value) ? typed : null;
    let next: string;
    let uploaded: { path: string; publicUrl: string } | null = null;
    if (key === LOGO_KEY && values.logo_image) {
      try {
        uploaded = await storeUploadedImage(storage, values.logo_image, {
          folder: "public/settings",
          prefix: "logo",
          maxBytes,
        });
      } catch (error) {
        if (!(error instanceof UploadError)) throw error;
        outcome.refused.push({ key, field: LOGO_FIELD, message: `Image upload failed: ${error.message}` });
        continue;
      }
      next = uploaded.publicUrl;
    } else if (change !== null) {
      const problem = settingValueProblem(key, change);
      if (problem) {
        outcome.refused.push({ key, field, message: problem });
        continue;
      }
      next = storedSettingValue(key, change);
    } else if (key === LOGO_KEY && values.logo_image_remove) {
      next = "";
    } else continue;
    if (next === setting.setting_value) continue;

    const written = await attempt(
      "settings",
      async () => {
        await db.transaction().execute(async (trx) => {
          if (setting.stored)
            await trx
              .updateTable("site_settings")
              .set({ setting_value: next, updated_at: nowIso() })
              .where("id", "=", setting.id)
              .execute();
          else
            await trx
              .insertInto("site_settings")
              .values({
                id: newId(),
                setting_key: key,
                setting_value: next,
                description: siteFieldOf(key)?.label ?? null,
                updated_at: nowIso(),
              })
              .execute();
          await recordSettingsVersion(trx, actor, "update");
        });
        return { ok: true as const };
      },
      { ok: false, title: `Error saving ${key}`, message: "The value could not be saved. Please try again." },
    );
    if (!written.ok) {
      if (uploaded) await discardImages(storage, [uploaded.path]);
      outcome.refused.push({ key, field: uploaded ? LOGO_FIELD : field, message: written.message });
      continue;
    }
    outcome.saved[field] = next;
    if (key === LOGO_KEY) await removeStoredImageIfUnused(db, storage, setting.setting_value);
  }
  return outcome;
}

/** Adds a setting; its key and value were checked by the form (settingAddForm), and keys stay unique. */
export async function addSetting(db: Db, actor: Actor, input: SettingAddValues): Promise<{ ok: true } | Refusal> {
  const key = input.setting_key;
  const exists = await db.selectFrom("site_settings").select("id").where("setting_key", "=", key).executeTakeFirst();
  if (exists)
    return {
      ok: false,
      title: "Error Adding Setting",
      message: `A setting with the key "${key}" already exists.`,
      field: "setting_key",
    };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("site_settings")
      .values({
        id: newId(),
        setting_key: key,
        setting_value: input.setting_value,
        description: input.description || null,
        updated_at: nowIso(),
      })
      .execute();
    await recordSettingsVersion(trx, actor, "update", `Added setting ${key}`);
  });
  return { ok: true };
}

/** Removes a setting; a stored logo goes with it once nothing else uses it. */
export async function deleteSetting(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
): Promise<{ ok: true } | Refusal> {
  const setting = await db
    .selectFrom("site_settings")
    .select(["setting_key", "setting_value"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!setting) return { ok: false, title: "Error Deleting Setting", message: "The setting no longer exists." };
  if (siteFieldOf(setting.setting_key)) return { ok: false, title: "Error Deleting Setting", message: KEPT_SETTING };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("site_settings").where("id", "=", id).execute();
    await recordSettingsVersion(trx, actor, "delete", `Deleted setting ${setting.setting_key}`);
  });
  if (setting.setting_key === LOGO_KEY) await removeStoredImageIfUnused(db, storage, setting.setting_value);
  return { ok: true };
}
