import { translationLine } from "~/features/history/translations-text";
import { settingValueProblem } from "~/features/settings/settings-admin.schema";
import { describeSettings, settingsSnapshot } from "~/features/settings/settings-snapshot.server";
import { siteFieldOf } from "~/features/settings/site-fields";
import { newId, nowIso } from "~/lib/time";
import { pageTag } from "~/lib/web/page-tags";
import type { VersionKind } from "./version-kind";
import { restoreTranslations } from "./translations-restore.server";

/**
 * The site settings' versions (entity `setting`, id `site`): a restore puts back each key's value it kept that
 * differs from today's, under the rules a save checks (a phone number with its country code, a valid time zone…).
 */
export const settingsVersions: VersionKind = {
  entity: "setting",
  editPath: () => "/admin/site-settings",
  async current(db, id) {
    if (id !== "site") return null;
    return { snapshot: await settingsSnapshot(db), label: "Site settings" };
  },
  async describer() {
    return describeSettings;
  },
  fieldParts(_id, label, version) {
    const translation = translationLine(label);
    if (translation) return { paths: [["translations", translation.lang, translation.field]] };
    // A key the version did not have is not put back (a restore never deletes a setting).
    const values = (version.values ?? {}) as Record<string, string>;
    return label in values ? { paths: [["values", label]] } : null;
  },
  // A restore writes only the values that differ: a setting saved meanwhile stays.
  async lock() {},
  // The settings are made with the site; no time is kept for when.
  async addedAt() {
    return null;
  },
  async restore(db, _actor, id, snapshot) {
    if (id !== "site") return { ok: false, title: "Not Found", message: "No such settings." };
    const now = nowIso();
    const today = (await settingsSnapshot(db)).values as Record<string, string>;
    const changed = Object.entries((snapshot.values ?? {}) as Record<string, string>).filter(
      ([key, value]) => today[key] !== value,
    );
    for (const [key, value] of changed) {
      const problem = settingValueProblem(key, value);
      if (problem)
        return {
          ok: false,
          title: "Cannot Restore Version",
          message: `${siteFieldOf(key)?.label ?? key}: ${problem}`,
        };
    }
    for (const [key, value] of changed) {
      const updated = await db
        .updateTable("site_settings")
        .set({ setting_value: value, updated_at: now })
        .where("setting_key", "=", key)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await db
          .insertInto("site_settings")
          .values({
            id: newId(),
            setting_key: key,
            setting_value: value,
            description: siteFieldOf(key)?.label ?? null,
            updated_at: now,
          })
          .execute();
    }
    await restoreTranslations(
      db,
      "setting",
      "contact_address",
      "",
      snapshot.translations as Record<string, Record<string, string>> | undefined,
    );
    return { ok: true, changed: [pageTag.settings] };
  },
};
