/**
 * A translated slug (ADR 0030): lowercase letters of any script (Arabic, Bengali with its vowel signs), digits and
 * single hyphens between them; what else a translator types (spaces, punctuation) is refused with a message, not
 * silently changed, since the slug is the page's address in that language.
 */
export const MAX_TRANSLATED_SLUG = 200;

const SLUG = /^[\p{L}\p{M}\p{Nd}]+(?:-[\p{L}\p{M}\p{Nd}]+)*$/u;

export const SLUG_CHARACTERS_MESSAGE =
  "A slug may hold only lowercase letters, digits and single hyphens between them (no spaces, slashes or other marks).";

/** The slug as stored (spaces become hyphens, letters lowercase), or why it cannot be one. */
export function cleanTranslatedSlug(value: string): { ok: true; slug: string } | { ok: false; message: string } {
  const slug = value.trim().toLocaleLowerCase().replace(/\s+/g, "-");
  if (slug.length > MAX_TRANSLATED_SLUG)
    return { ok: false, message: `The slug is too long (at most ${MAX_TRANSLATED_SLUG} characters).` };
  if (!SLUG.test(slug)) return { ok: false, message: SLUG_CHARACTERS_MESSAGE };
  return { ok: true, slug };
}
