/**
 * A version as people read it: each field under its label, as a text or a list of texts. Each versioned kind
 * says how its snapshot reads (`describe` in its feature folder); the History panel compares two of these.
 */
export type ReadableVersion = Record<string, string | string[]>;

export type DiffLine =
  | { label: string; kind: "text"; from: string; to: string }
  | { label: string; kind: "list"; added: string[]; removed: string[]; reordered?: true };

/** Longest text a diff line shows of a value; longer ones are shortened with an ellipsis. */
export const DIFF_TEXT_LIMIT = 120;

export function shorten(text: string, limit = DIFF_TEXT_LIMIT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The field-by-field difference from `before` to `after` ("Minimum Order: 25 MT → 28 MT"): texts as from → to
 * (shortened; '' reads as empty), lists as what was added and removed (or, with neither, that they were
 * reordered). `before` null: every filled field of a first version.
 */
export function diffVersions(before: ReadableVersion | null, after: ReadableVersion): DiffLine[] {
  const lines: DiffLine[] = [];
  const labels = [...new Set([...Object.keys(after), ...Object.keys(before ?? {})])];
  for (const label of labels) {
    const from = before?.[label];
    const to = after[label];
    if (Array.isArray(from) || Array.isArray(to)) {
      const old = asList(from);
      const now = asList(to);
      const added = now.filter((item) => !old.includes(item));
      const removed = old.filter((item) => !now.includes(item));
      if (added.length || removed.length)
        lines.push({
          label,
          kind: "list",
          added: added.map((t) => shorten(t)),
          removed: removed.map((t) => shorten(t)),
        });
      // The same entries in another order (a product's gallery rearranged, issue 29) is a change too.
      else if (JSON.stringify(old) !== JSON.stringify(now))
        lines.push({ label, kind: "list", added: [], removed: [], reordered: true });
      continue;
    }
    if ((from ?? "") === (to ?? "")) continue;
    lines.push({ label, kind: "text", from: shorten(from ?? ""), to: shorten(to ?? "") });
  }
  return lines;
}

/** One diff line as one sentence, for the activity log's summary. */
export function diffLineText(line: DiffLine): string {
  if (line.kind === "text") return `${line.label}: ${line.from || "(empty)"} → ${line.to || "(empty)"}`;
  const parts = [
    ...(line.added.length ? [`added ${line.added.join(", ")}`] : []),
    ...(line.removed.length ? [`removed ${line.removed.join(", ")}`] : []),
    ...(line.reordered ? ["reordered"] : []),
  ];
  return `${line.label}: ${parts.join("; ")}`;
}
