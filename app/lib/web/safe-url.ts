/** Addresses from settings, CSV and the database, checked before a page renders them as a link or a picture. */

/** An http(s) URL, or null: anything else (javascript:, data:, relative paths) is never rendered as a link. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** An image source we may render: our own stored files (a root-relative path) or an http(s) URL. */
export function safeImageSrc(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(trimmed)) return trimmed;
  return safeHttpUrl(trimmed);
}
