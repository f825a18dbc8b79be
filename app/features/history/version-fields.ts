import type { Snapshot } from "./record.server";

/**
 * 'Restore this field' (issue 41, ADR 0055): one line of an item's History put back alone. Each versioned kind says
 * where its snapshots keep the field a line is labelled with (`fieldParts`); a field restore is then the item as it
 * is now with those parts as the version has them, restored as a whole version is (the same rules, one transaction).
 */

/** Where a snapshot keeps a value: its keys from the top (["trade_terms", "min_order_quantity"]). */
export type SnapshotPath = readonly string[];

/**
 * How a History line can be put back alone: the parts of the snapshot it reads (one line may read several, as
 * "Minimum Order" reads a quantity and its unit), or why it cannot be.
 */
export type FieldParts = { paths: SnapshotPath[] } | { why: string };

function valueAt(snapshot: unknown, path: SnapshotPath): unknown {
  let node = snapshot;
  for (const key of path) {
    if (!node || typeof node !== "object" || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Whether two snapshots hold the same values at `paths` (absent and null alike). */
export const sameParts = (a: Snapshot, b: Snapshot, paths: readonly SnapshotPath[]) =>
  paths.every((path) => JSON.stringify(valueAt(a, path) ?? null) === JSON.stringify(valueAt(b, path) ?? null));

/** A copy of `current` with the values at `paths` as `version` has them (one it has not: removed). */
export function withParts(current: Snapshot, version: Snapshot, paths: readonly SnapshotPath[]): Snapshot {
  const result = structuredClone(current);
  for (const path of paths) {
    const value = valueAt(version, path);
    let node: Record<string, unknown> = result;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (!next || typeof next !== "object" || Array.isArray(next)) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1]!;
    if (value === undefined) delete node[last];
    else node[last] = structuredClone(value);
  }
  return result;
}
