import { countInWindow, installationHmac } from "~/features/abuse/hmac-and-rate-limit.server";
import type { Db } from "~/db/database.server";

/**
 * Searches one address may make in a minute. A buyer typing, refining and paging makes a few a minute; 30 leaves room
 * for a whole office behind one address, while a script walking the index is held to one search every two seconds
 * (each search reads the index and every hit's translations and pictures; /search is never answered from the page
 * cache).
 */
export const SEARCHES_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

/**
 * Counts one search from `clientIp`: allowed, or the seconds until the address may search again (the 429's
 * Retry-After). The address is kept only as its keyed hash (ADR 0011), under `search:` in the throttle's table.
 */
export async function admitSearch(
  db: Db,
  clientIp: string,
  now = Date.now(),
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const key = `search:${await installationHmac(db, clientIp)}`;
  return countInWindow(db, key, { limit: SEARCHES_PER_MINUTE, windowMs: WINDOW_MS }, now);
}
