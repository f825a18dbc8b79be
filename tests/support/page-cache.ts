import type { ChangeFeed, PageCache } from "~/features/page-cache/store.server";

/** A change feed for a page cache on its own: no other instance changes anything. */
export const noOtherInstances: ChangeFeed = {
  read: async () => ({ version: 1, changes: [] }),
  record: async () => 1,
};

/**
 * The answer once the refresh a change started has ended: after a change, the first visitor of a stale page is
 * served the old copy while one rendering refreshes it (ADR 0027); the next gets the new one.
 */
export async function afterRefresh<T>(cache: PageCache | null, get: () => Promise<T>): Promise<T> {
  await get();
  await cache?.settled();
  return get();
}
