// A lot's code is printed under a QR code on a bag's label and may be typed by hand from it, so it is short, in
// Crockford's base32 (no I, L, O or U to misread) and upper case (QR alphanumeric mode). It is drawn at random, never
// from another lot or a counter: the public lot page answers whoever holds the code, so it must not be guessable.

/** Crockford's base32 alphabet: the digits and the letters but I, L, O and U. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 12; // 12 × 5 = 60 random bits
const GROUP = 4;

const CANONICAL = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A new random lot code, e.g. `7K2M-Q9XD-4HNB` (60 bits from the platform's cryptographic generator). */
export function newLotCode(): string {
  const bytes = new Uint8Array(LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is a multiple of 32, so the low five bits of a random byte are uniform.
  const chars = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
  return group(chars);
}

/** Whether the text is a lot code as printed (canonical: upper case, hyphens between groups of four). */
export function isLotCode(text: string): boolean {
  return CANONICAL.test(text);
}

/**
 * The canonical code for what a person typed or a scanner read: case, spaces and hyphens do not matter, and the
 * letters Crockford reads as digits (O → 0, I and L → 1) are read so. Null when it cannot be a lot code (a U, a
 * wrong length, any other sign), so no lookup is made for it.
 */
export function normaliseLotCode(text: string): string | null {
  if (text.length > 40) return null;
  const chars = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (chars.length !== LENGTH) return null;
  for (const char of chars) if (!ALPHABET.includes(char)) return null;
  return group(chars);
}

/** The lot's public page on this site. */
export function lotPath(code: string): string {
  return `/lots/${code}`;
}

/** The lot's page as a full address (what its QR code holds): `siteOrigin` is "https://example.com", a slash or not. */
export function lotUrl(siteOrigin: string, code: string): string {
  return `${siteOrigin.replace(/\/+$/, "")}${lotPath(code)}`;
}

function group(chars: string): string {
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += GROUP) groups.push(chars.slice(i, i + GROUP));
  return groups.join("-");
}
