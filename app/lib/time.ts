/** Current time as an ISO-8601 UTC string: the one format stored in every time column. */
export const nowIso = () => new Date().toISOString();

export const newId = () => crypto.randomUUID();
