import type { Db } from "~/db/database.server";
import { translationsSnapshot } from "~/db/content-translations.server";
import type { ReadableVersion } from "~/features/history/diff";
import { lockVersionsOf, recordVersion, type Snapshot } from "~/features/history/record.server";
import { describeTranslations } from "~/features/history/translations-text";
import type { Actor } from "~/lib/actor";

/** The one versioned item all the settings are. */
export const SETTINGS_VERSIONS = { entity: "setting", entityId: "site" } as const;

/** The site settings as one version keeps them (issue 27, entity `setting`, id `site`): every key's value. */
export async function settingsSnapshot(db: Db): Promise<Snapshot> {
  const rows = await db
    .selectFrom("site_settings")
    .select(["setting_key", "setting_value"])
    .orderBy("setting_key")
    .execute();
  return {
    values: Object.fromEntries(rows.map((row) => [row.setting_key, row.setting_value])),
    translations: await translationsSnapshot(db, "setting", "contact_address"),
  };
}

export function describeSettings(snapshot: Snapshot): ReadableVersion {
  const readable: ReadableVersion = { ...((snapshot.values ?? {}) as Record<string, string>) };
  return Object.assign(
    readable,
    describeTranslations(snapshot.translations as Record<string, Record<string, string>> | undefined),
  );
}

/** Records the settings as they now are, in the transaction of the change (nothing when unchanged). */
export async function recordSettingsVersion(
  db: Db,
  actor: Actor | null,
  action: "create" | "update" | "delete" | "restore",
  summary?: string,
) {
  // Every settings change is a change of this one item: the snapshot is read once earlier changes have committed.
  await lockVersionsOf(db, "setting", "site");
  return recordVersion(db, actor, {
    entity: "setting",
    entityId: "site",
    label: "Site settings",
    snapshot: await settingsSnapshot(db),
    describe: describeSettings,
    action,
    summary,
  });
}
