import type { Db } from "~/db/database.server";
import type { ReadableVersion } from "~/features/history/diff";
import type { Snapshot, VersionedEntity } from "~/features/history/record.server";
import type { FieldParts } from "~/features/history/version-fields";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import type { PageTag } from "~/lib/web/page-tags";

/** What the History panel and 'Restore' need to know of one versioned kind. */
export interface VersionKind {
  entity: VersionedEntity;
  /** The item's edit page, where its History panel is. */
  editPath(id: string): string;
  /** The item as it is stored now, as a version keeps it, with its name; null when it is gone. */
  current(db: Db, id: string): Promise<{ snapshot: Snapshot; label: string } | null>;
  /** How this kind's snapshots read (names of related things loaded once). */
  describer(db: Db, id?: string): Promise<(snapshot: Snapshot) => ReadableVersion>;
  /**
   * Writes the snapshot's fields back to the item, in the caller's transaction; never its status or publishing
   * time. The caller then records the result as a new version.
   */
  restore(db: Db, actor: Actor, id: string, snapshot: Snapshot): Promise<{ ok: true; changed: PageTag[] } | Refusal>;
  /**
   * How the History line `label` of item `id`'s version `version` is put back alone ('Restore this field', ADR
   * 0055): where the snapshot keeps it, or why it cannot be; null for a line this kind does not have.
   */
  fieldParts(id: string, label: string, version: Snapshot): FieldParts | null;
  /**
   * Holds the item against other saves until the caller's transaction ends, before a restore reads it: a restore
   * that writes back the other fields as it read them must not undo a save made meanwhile. A kind whose restore
   * writes only what differs needs nothing.
   */
  lock(db: Db, id: string): Promise<void>;
  /** When the item was added (created, imported or seeded), for the version that keeps it as it was; null: unknown. */
  addedAt(db: Db, id: string): Promise<string | null>;
}
