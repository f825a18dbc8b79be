/**
 * Spec §5: lowercase, trimmed, spaces to hyphens, non-word characters removed, repeated hyphens collapsed; and no
 * hyphen at either end ("Kashmiri Lahsun (लहसुन)" is `kashmiri-lahsun`, not `kashmiri-lahsun-`). `maxLength` cuts
 * before the ends are trimmed, so a cut never leaves a hyphen at the end either.
 */
export function slugify(value: string, maxLength = Infinity): string {
  return value
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/--+/g, "-")
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, "");
}
