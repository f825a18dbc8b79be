// The quote list cookie's format, for the server and the browser alike: no zod, so every page's script stays small.

/** The visitor's quote list: product ids joined by ".", readable by the page's script (ADR 0025, "Later"). */
export const QUOTE_LIST_COOKIE = "quote_list";

/** Most products a quote list holds: the cookie stays small and the form stays one page. */
export const QUOTE_LIST_MAX = 20;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether `value` has the shape of a product id. */
export const isQuoteId = (value: unknown): value is string => typeof value === "string" && ID.test(value);

/** The ids in a quote list cookie's value: well formed, each once, at most QUOTE_LIST_MAX. Not checked otherwise. */
export function parseQuoteIds(value: string | undefined | null): string[] {
  if (!value) return [];
  return [...new Set(value.split("."))].filter(isQuoteId).slice(0, QUOTE_LIST_MAX);
}

/** The quote list cookie's value in a Cookie header (or `document.cookie`), "" without one. */
export function quoteListValue(cookieHeader: string): string {
  const match = new RegExp(`(?:^|;\\s*)${QUOTE_LIST_COOKIE}=([^;]*)`).exec(cookieHeader);
  if (!match) return "";
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return "";
  }
}
