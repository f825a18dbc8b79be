import type { Db } from "~/db/database.server";
import { pruneVersions } from "~/features/versions/prune-versions.server";
import type { Storage } from "~/lib/storage/storage.server";
import { DAY_MS } from "~/lib/time";

/**
 * Prunes every version as if they were all past their keeping (issue 27, ADR 0031): a replaced or deleted picture
 * stays while a kept version names it, so tests of its removal prune first.
 */
export const pruneAllVersions = (db: Db, storage: Storage) =>
  pruneVersions(db, storage, Date.now() + 400 * DAY_MS, { perItem: 0 });
