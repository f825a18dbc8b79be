/** What an administrator is told when a save failed because the server's disk is full (issue 38). */
export const DISK_FULL = "The server's disk is full: nothing was saved.";

/**
 * Whether an error (or one it wraps) says the disk is full: Node's ENOSPC, or EDQUOT (the account's quota), SQLite's
 * SQLITE_FULL, PostgreSQL's disk_full (53100).
 */
export function isDiskFull(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL" || code === "53100") return true;
  }
  return false;
}
