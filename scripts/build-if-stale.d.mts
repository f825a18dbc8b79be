/** Builds the site when any source is newer than the last build; true when it built. */
export function buildIfStale(): boolean;
