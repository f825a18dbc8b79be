import type { Db } from "~/db/database.server";
import { removeStoredImageIfUnused } from "~/features/images/images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { discardImages, storeUploadedImage, UploadError } from "~/features/images/upload.server";
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
import { describeSettings, recordSettingsVersion, SETTINGS_VERSIONS } from "./settings-snapshot.server";
import { editVersion, StaleEdit, staleEditRefusal } from "~/features/history/edit-version.server";
import type { OpenedVersion } from "~/lib/forms/edit-version";

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
  /** Refused because someone else saved this setting since the page was opened (ADR 0049). */
  stale?: true;
}

export interface SettingsOutcome {
  /** What was written, by input name (an uploaded logo's address instead of what was typed). */
  saved: Record<string, string>;
  refused: RefusedSetting[];
}

/**
 * Saves every setting changed on the page, one after another (spec §7), each by its own rule: a refused value is
 * reported and the others are still saved. A value counts as changed when it differs from the one the page showed
 * (`original:{id}`), so a page opened before someone else's save does not undo that save. A page that sent its
 * version (ADR 0049) writes a setting only while it still holds the value the page showed: one another admin saved
 * meanwhile is refused, saying who, and the others are still saved. The logo may come as an
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
  opened: OpenedVersion | null = null,
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
    // Conditioned on what the page showed, when it says what it was opened on.
    const expected = opened && typeof shown === "string" ? shown : null;

    const written = await attempt(
      "settings",
      async () => {
        try {
          await db.transaction().execute(async (trx) => {
            if (setting.stored) {
              const updated = await trx
                .updateTable("site_settings")
                .set({ setting_value: next, updated_at: nowIso() })
                .where("id", "=", setting.id)
                .$if(expected !== null, (qb) => qb.where("setting_value", "=", expected!))
                .executeTakeFirst();
              if (expected !== null && Number(updated.numUpdatedRows) === 0) throw new StaleEdit();
            } else {
              const inserted = await trx
                .insertInto("site_settings")
                .values({
                  id: newId(),
                  setting_key: key,
                  setting_value: next,
                  description: siteFieldOf(key)?.label ?? null,
                  updated_at: nowIso(),
                })
                .$if(expected !== null, (qb) => qb.onConflict((oc) => oc.column("setting_key").doNothing()))
                .executeTakeFirst();
              if (expected !== null && Number(inserted.numInsertedOrUpdatedRows ?? 1) === 0) throw new StaleEdit();
            }
            await recordSettingsVersion(trx, actor, "update");
          });
        } catch (error) {
          if (error instanceof StaleEdit) return { ok: false as const, stale: true as const };
          throw error;
        }
        return { ok: true as const };
      },
      { ok: false, title: `Error saving ${key}`, message: "The value could not be saved. Please try again." },
    );
    if (!written.ok) {
      if (uploaded) await discardImages(storage, [uploaded.path]);
      const at = uploaded ? LOGO_FIELD : field;
      if ("stale" in written)
        outcome.refused.push({
          key,
          field: at,
          message: await staleSettingMessage(db, key, opened!, expected ?? ""),
          stale: true,
        });
      else outcome.refused.push({ key, field: at, message: written.message });
      continue;
    }
    outcome.saved[field] = next;
    if (key === LOGO_KEY) await removeStoredImageIfUnused(db, storage, setting.setting_value);
  }
  return outcome;
}

/** The version the settings page shows: the settings' newest version, and when a setting was last written. */
export async function settingsEditVersion(db: Db) {
  const row = await db
    .selectFrom("site_settings")
    .select((eb) => eb.fn.max("updated_at").as("at"))
    .executeTakeFirst();
  return editVersion(db, SETTINGS_VERSIONS.entity, SETTINGS_VERSIONS.entityId, row?.at ?? "never");
}

/** Why a setting someone else saved since the page was opened is not written: who saved it, when, and its name. */
async function staleSettingMessage(db: Db, key: string, opened: OpenedVersion, shown: string) {
  const label = siteFieldOf(key)?.label ?? key;
  const refusal = await staleEditRefusal(db, {
    ...SETTINGS_VERSIONS,
    opened,
    updatedAt: "",
    what: "setting",
    describe: (snapshot) => ({ [label]: describeSettings(snapshot)[key] ?? "" }),
    onlyWhoChangedIt: true,
    shown: { [label]: shown },
  });
  return refusal.message;
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
