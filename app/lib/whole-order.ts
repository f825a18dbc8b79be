/**
 * A whole order sent in one request (drag and drop, or the keyboard): it must name every current entry exactly once.
 * Anything else means the page was stale or the request was made up, so it is refused by name, never half-applied.
 * Returns the problem in words, or null when `sent` is a reordering of `current`.
 */
export function wholeOrderProblem(current: readonly string[], sent: readonly string[], noun: string): string | null {
  const known = new Set(current);
  const seen = new Set<string>();
  for (const entry of sent) {
    if (!known.has(entry)) return `The new order names a ${noun} that does not exist. Reload the page and try again.`;
    if (seen.has(entry)) return `The new order names a ${noun} twice. Reload the page and try again.`;
    seen.add(entry);
  }
  const missing = current.length - seen.size;
  if (missing > 0)
    return `The new order leaves out ${missing === 1 ? `one ${noun}` : `${missing} ${noun}s`}. Reload the page and try again.`;
  return null;
}

/** Moves the entry at `from` to `to` (both 0-based), the others keeping their order; a new array. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, entry);
  return next;
}
