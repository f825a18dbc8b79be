import type { Db } from "~/db/database.server";
import type { ReadableVersion } from "~/features/history/diff";
import type { Snapshot, VersionedEntity } from "~/features/history/record.server";
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
}
