/**
 * Whether a certificate still holds, decided on whole days. Dates are YYYY-MM-DD strings, which sort as the days
 * they name; "today" is the UTC date, the same on every server and in every test, and a certificate valid until
 * today still holds today (it lapses at the next UTC midnight).
 */

import { addDays, DAY_MS } from "~/lib/time";

/** True once the last valid day has passed; a certificate without an end date never lapses. */
export const isExpired = (validUntil: string | null | undefined, today: string) => !!validUntil && validUntil < today;

/** True before its first valid day: a renewal entered ahead of time waits, off the public page, until it starts. */
export const isNotYetValid = (validFrom: string | null | undefined, today: string) => !!validFrom && validFrom > today;

/** True while the certificate still holds but lapses within `days` days (today counts as within). */
export const expiresWithin = (validUntil: string | null | undefined, today: string, days: number) =>
  !!validUntil && !isExpired(validUntil, today) && validUntil <= addDays(today, days);

/** How many days are left until it lapses: 0 on its last valid day, negative once expired. */
export const daysLeft = (validUntil: string, today: string) =>
  Math.round((Date.parse(`${validUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/** The back office warns this many days before a certificate lapses (the dashboard's list, the cards' badge). */
export const EXPIRY_WARNING_DAYS = 60;
