/**
 * A category page's filters and sort (issue 43): the trade terms buyers choose by, offered only with the values the
 * category's public products hold, each with how many products it leaves. Every choice is a plain link whose query
 * string is already in the one order server/query-params.ts keeps (`FILTERS`, then `sort`, then `page`), so
 * each combination has exactly one address and is never redirected.
 */
export const FILTERS = ["size", "packaging", "origin", "month", "cert"] as const;
export type Filter = (typeof FILTERS)[number];
export const SORTS = ["name", "moq", "price"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_PARAM = "sort";

/** What a page asks for: at most one value per filter, and a sort. */
export interface FilterChoice {
  values: Partial<Record<Filter, string>>;
  sort: Sort;
}

/**
 * What the address asks for. `sort` that is not a sort is kept as given, so the caller can answer 404: an address
 * that names nothing is never a copy of another page.
 */
export function filterChoiceOf(url: URL): FilterChoice & { badSort: boolean } {
  const values: Partial<Record<Filter, string>> = {};
  for (const name of FILTERS) {
    const value = url.searchParams.get(name);
    if (value !== null) values[name] = value;
  }
  const sort = url.searchParams.get(SORT_PARAM);
  const known = sort === null || (SORTS as readonly string[]).includes(sort);
  return { values, sort: known && sort ? (sort as Sort) : "name", badSort: !known };
}

/** A choice's query string in the canonical order ("" for none); `page` after it when past the first. */
export function filterQuery(choice: FilterChoice, page = 1): string {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = choice.values[name];
    if (value !== undefined) params.set(name, value);
  }
  if (choice.sort !== "name") params.set(SORT_PARAM, choice.sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The same choice with one filter set (or cleared, `undefined`), or with another sort: back to its first page. */
export const withFilter = (choice: FilterChoice, name: Filter, value: string | undefined): FilterChoice => ({
  ...choice,
  values: { ...choice.values, [name]: value },
});
export const withSort = (choice: FilterChoice, sort: Sort): FilterChoice => ({ ...choice, sort });

/** One value a filter offers: its slug, what it says, and how many products choosing it would show. */
export interface OfferedValue {
  value: string;
  label: string;
  count: number;
}
export interface OfferedFilter {
  name: Filter;
  /** The value chosen, if any; shown even if it leaves nothing. */
  chosen: string | undefined;
  values: OfferedValue[];
}
