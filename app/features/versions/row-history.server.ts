import { isPostgres, type Db } from "~/db/database.server";
import type { TranslatableEntity } from "~/features/translations/registry.server";
import { describeRow, rowFieldParts, rowSnapshot, type RowEntity } from "~/features/history/row-versions.server";
import type { Snapshot } from "~/features/history/record.server";
import { recordMove } from "~/features/redirects/redirects.server";
import type { Actor } from "~/lib/actor";
import { nowIso } from "~/lib/time";
import { versionLabels } from "~/lib/entity-fields";
import type { VersionKind } from "./version-kind";
import { restoreTranslations } from "./translations-restore.server";

/**
 * The History panel and 'Restore' of a kind stored as one row: a restore writes the version's columns back (not
 * the status or publishing times, `notRestored`), refuses a slug another item took since, and puts back the
 * translations.
 */
export function rowVersions(spec: RowEntity): VersionKind {
  return {
    entity: spec.entity,
    editPath: spec.editPath,
    async current(db, id) {
      const snapshot = await rowSnapshot(db, spec, id);
      return snapshot ? { snapshot, label: String(snapshot[spec.nameColumn] ?? "") } : null;
    },
    async describer() {
      return (snapshot: Snapshot) => describeRow(spec, snapshot);
    },
    fieldParts: (_id, label) => rowFieldParts(spec, label),
    async lock(db, id) {
      if (isPostgres(db)) await db.selectFrom(spec.table).select("id").where("id", "=", id).forUpdate().execute();
    },
    async addedAt(db, id) {
      const row = await db.selectFrom(spec.table).select("created_at").where("id", "=", id).executeTakeFirst();
      return row?.created_at ?? null;
    },
    async restore(db: Db, actor: Actor, id: string, snapshot: Snapshot) {
      const current = (await db.selectFrom(spec.table).selectAll().where("id", "=", id).executeTakeFirst()) as
        Record<string, unknown> | undefined;
      if (!current) return { ok: false, title: "Not Found", message: `The ${spec.kindName} no longer exists.` };
      const values: Record<string, unknown> = {};
      for (const column of Object.keys(versionLabels(spec.fields)))
        if (!spec.notRestored?.includes(column) && column in snapshot) values[column] = snapshot[column];
      if (typeof values.slug === "string" && values.slug !== current.slug) {
        const clash = await db
          .selectFrom(spec.table)
          .select("id")
          .where("slug" as never, "=", values.slug as never)
          .where("id", "!=", id)
          .executeTakeFirst();
        if (clash)
          return {
            ok: false,
            title: "Cannot Restore Version",
            message: `Another ${spec.kindName} now uses the slug "${values.slug}".`,
          };
        // A draft's address was never public: only a live page moves (as a save does).
        if (spec.publicPath && current.status !== "draft" && current.status !== "archived")
          await recordMove(db, actor, spec.publicPath(String(current.slug)), spec.publicPath(values.slug));
      }
      await db
        .updateTable(spec.table)
        .set({ ...values, updated_at: nowIso() } as never)
        .where("id", "=", id)
        .execute();
      await restoreTranslations(
        db,
        spec.translated as TranslatableEntity & typeof spec.translated,
        id,
        "",
        snapshot.translations as Record<string, Record<string, string>> | undefined,
      );
      return { ok: true, changed: spec.changes(id) };
    },
  };
}
