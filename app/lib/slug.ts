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

/**
 * A name or an address as people type it, for matching one against another (issue 41: "Fresh Onions", "fresh-onions"
 * and "FRESH_ONIONS" are one category): NFKC, lower case, each run of spaces, hyphens and underscores one `joiner`,
 * none at either end.
 */
export const typedKey = (text: string, joiner: "" | "-" = "") =>
  text
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .split(/[\s_-]+/)
    .filter(Boolean)
    .join(joiner);

/**
 * Whether an edited record's slug field still follows its name (spec §5: while it equals the original slug or is
 * empty), extended to "or equals the slug the name gave before this keystroke": otherwise the first keystroke
 * would already end the following and "Potatoes" + " Fresh" would leave `potatoes-f`. A hand-edited slug stops.
 */
export function slugFollowsName(slug: string, previousName: string, originalSlug: string): boolean {
  return slug === "" || slug === originalSlug || slug === slugify(previousName);
}
