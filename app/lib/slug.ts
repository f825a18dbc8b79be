/** Spec §5: lowercase, trimmed, spaces to hyphens, non-word characters removed, repeated hyphens collapsed. */
export function slugify(value: string): string {
  return value
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/--+/g, "-");
}
