/** Pages of a long public list (`?page=N`, page 1 being the bare URL): parsing the parameter and choosing the links. */

/**
 * The page a `?page=` value names: 1 without the parameter, null when the value names no page (`0`, `-1`, `abc`,
 * `2.5`, `02`, empty). Only one spelling per page is accepted, so a page has exactly one URL.
 */
export function pageFromParam(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,6}$/.test(value) ? Number(value) : null;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** `path` for page 1, `path?page=N` after it (`path&page=N` when it has a query of its own: `/search?q=onion`). */
export const pageHref = (path: string, page: number) =>
  page > 1 ? `${path}${path.includes("?") ? "&" : "?"}page=${page}` : path;

export type PageLinkItem =
  { kind: "page"; page: number; onPhone: boolean } | { kind: "gap"; key: string; onPhone: boolean; onDesktop: boolean };

/** First, last, and `siblings` pages either side of the current one; a gap of a single page shows that page. */
function shownPages(current: number, last: number, siblings: number) {
  const shown = new Set([1, last]);
  for (let page = Math.max(1, current - siblings); page <= Math.min(last, current + siblings); page++) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++) if (sorted[i] - sorted[i - 1] === 2) shown.add(sorted[i] - 1);
  return shown;
}

/**
 * The numbered links around `current`, with "…" for the pages left out. A desktop shows one page either side of the
 * current one; a 360 px phone has room for only the first, current and last page beside Previous and Next, so each
 * item says whether it shows there. The phone's pages are always a subset of the desktop's.
 */
export function pageLinkItems(current: number, last: number): PageLinkItem[] {
  const desktop = [...shownPages(current, last, 1)].sort((a, b) => a - b);
  const phone = shownPages(current, last, 0);
  const items: PageLinkItem[] = [];
  let previousOnDesktop = 0;
  let previousOnPhone = 0;
  for (const page of desktop) {
    const onPhone = phone.has(page);
    const desktopGap = page - previousOnDesktop > 1;
    const phoneGap = onPhone && page - previousOnPhone > 1;
    if (desktopGap || phoneGap)
      items.push({ kind: "gap", key: `gap-${page}`, onPhone: phoneGap, onDesktop: desktopGap });
    items.push({ kind: "page", page, onPhone });
    previousOnDesktop = page;
    if (onPhone) previousOnPhone = page;
  }
  return items;
}
