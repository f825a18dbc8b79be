import type { Db } from "~/db/database.server";
import { startBackgroundTask, type BackgroundTask } from "~/lib/background-task.server";
import { removeStoredImageIfUnused } from "~/features/images/images.server";
import type { VersionedEntity } from "~/features/history/record.server";
import { objectPathFromUrl, type Storage } from "~/lib/storage/storage.server";
import { DAY_MS } from "~/lib/time";
import { versionKind } from "~/features/versions/restore.server";

/**
 * How long versions are kept (ADR 0031): every version younger than VERSIONS_KEEP_DAYS, and the newest
 * VERSIONS_KEPT_PER_ITEM of each item that still exists whatever their age. A deleted item's versions go once
 * they are older than the keep period. A picture is removed when the last row or version naming it is gone.
 */
export const VERSIONS_KEEP_DAYS = 366;
export const VERSIONS_KEPT_PER_ITEM = 20;

/** Every text inside a snapshot (its picture URLs among them). */
function textsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) textsOf(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) textsOf(item, into);
  return into;
}

/**
 * Removes the versions past their keeping (see above) and then the stored pictures only they still named.
 * `now` from the services' clock. Returns how many versions were removed.
 */
export async function pruneVersions(
  db: Db,
  storage: Storage,
  now: number,
  keep: { days?: number; perItem?: number } = {},
): Promise<number> {
  const cutoff = new Date(now - (keep.days ?? VERSIONS_KEEP_DAYS) * DAY_MS).toISOString();
  const perItem = keep.perItem ?? VERSIONS_KEPT_PER_ITEM;
  const old = await db
    .selectFrom("versions")
    .select(["id", "entity", "entity_id", "number", "snapshot"])
    .where("at", "<", cutoff)
    .execute();
  if (old.length === 0) return 0;
  const newest = new Map<string, number>();
  const exists = new Map<string, boolean>();
  const doomed: typeof old = [];
  for (const row of old) {
    const key = `${row.entity}\u0000${row.entity_id}`;
    if (!exists.has(key)) {
      const kind = versionKind(row.entity as VersionedEntity);
      exists.set(key, !!kind && !!(await kind.current(db, row.entity_id)));
      const top = await db
        .selectFrom("versions")
        .select((eb) => eb.fn.max("number").as("n"))
        .where("entity", "=", row.entity)
        .where("entity_id", "=", row.entity_id)
        .executeTakeFirst();
      newest.set(key, Number(top?.n ?? 0));
    }
    if (exists.get(key) && Number(row.number) > newest.get(key)! - perItem) continue;
    doomed.push(row);
  }
  const pictures = new Set<string>();
  for (let i = 0; i < doomed.length; i += 200) {
    const batch = doomed.slice(i, i + 200);
    await db
      .deleteFrom("versions")
      .where(
        "id",
        "in",
        batch.map((row) => row.id),
      )
      .execute();
    for (const row of batch)
      for (const text of textsOf(JSON.parse(row.snapshot), new Set())) if (objectPathFromUrl(text)) pictures.add(text);
  }
  for (const url of pictures) await removeStoredImageIfUnused(db, storage, url);
  return doomed.length;
}

/**
 * The process's daily prune of versions (server/serve.ts), a minute after start and then once a day: every instance
 * runs it; the deletes are idempotent, so two instances pruning at once remove each version once.
 */
export function startVersionsPruneTimer(db: Db, storage: Storage, clock: () => number = Date.now): BackgroundTask {
  return startBackgroundTask("[versions] prune", () => pruneVersions(db, storage, clock()), {
    intervalMs: DAY_MS,
    firstAfterMs: 60_000,
  });
}
