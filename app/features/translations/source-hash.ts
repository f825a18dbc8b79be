import { createHash } from "node:crypto";

/**
 * The fingerprint of an English text a translation was made from (ADR 0030): stored beside the translation, and
 * compared with today's English to tell a translation that is done from one that is outdated. Whitespace at the
 * ends does not count, so re-saving the same text never makes translations outdated.
 */
export function sourceHash(englishText: string): string {
  return createHash("sha256").update(englishText.trim()).digest("base64url").slice(0, 22);
}
