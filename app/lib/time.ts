/** Current time as an ISO-8601 UTC string: the one format stored in every time column. */
export const nowIso = () => new Date().toISOString();

export const newId = () => crypto.randomUUID();

// Days are UTC days written YYYY-MM-DD, which sort as the days they name: certificates and indicative prices hold
// through the whole of their last day, and the page cache and the PDFs turn over at the next UTC midnight.
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment (milliseconds since the epoch), as YYYY-MM-DD. */
export const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `days` days after `date` (YYYY-MM-DD), before it for a negative number. */
export const addDays = (date: string, days: number) => utcDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

/** The first moment (milliseconds since the epoch) of the UTC day after `ms`. */
export const nextUtcMidnight = (ms: number) => (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
