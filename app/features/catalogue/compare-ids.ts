// The comparison's list of products (issue 43), as the page's address and the public pages' script both read it.

/** How many products one comparison shows. */
export const COMPARE_MAX = 4;
/** The ids an address may name at most: more are never looked up (the address is a stranger's to write). */
const IDS_READ = 20;
const ID = /^[\w-]{1,64}$/;

/** The ids of `?products=a,b,c`: trimmed, each once, in the order given, only what could be an id. */
export function parseCompareIds(value: string | null | undefined): string[] {
  if (!value) return [];
  const ids = value
    .split(",")
    .map((id) => id.trim())
    .filter((id) => ID.test(id));
  return [...new Set(ids)].slice(0, IDS_READ);
}

/** The comparison's address for these ids, without the language prefix (the caller adds it). */
export const comparePath = (ids: readonly string[]) => (ids.length ? `/compare?products=${ids.join(",")}` : "/compare");
