import { describeSettings, settingsSnapshot } from "~/features/settings/settings-snapshot.server";
import { newId, nowIso } from "~/lib/time";
import { pageTag } from "~/lib/web/page-tags";
import type { VersionKind } from "./version-kind";
import { restoreTranslations } from "./translations-restore.server";

/** The site settings' versions (entity `setting`, id `site`): a restore puts back every key's value it kept. */
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
  async restore(db, _actor, id, snapshot) {
    if (id !== "site") return { ok: false, title: "Not Found", message: "No such settings." };
    const now = nowIso();
    for (const [key, value] of Object.entries((snapshot.values ?? {}) as Record<string, string>)) {
      const updated = await db
        .updateTable("site_settings")
        .set({ setting_value: value, updated_at: now })
        .where("setting_key", "=", key)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await db
          .insertInto("site_settings")
          .values({ id: newId(), setting_key: key, setting_value: value, description: null, updated_at: now })
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
