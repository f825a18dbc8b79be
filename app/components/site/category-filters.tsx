import { SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "~/features/i18n/i18n-context";
import {
  type FilterChoice,
  filterQuery,
  type OfferedFilter,
  type Sort,
  SORTS,
  withFilter,
  withSort,
} from "~/features/catalogue/category-filters";
import { formatNumber } from "~/lib/i18n/numbers";

/** At most this many values of one filter are listed (the most common); the chosen one always is. */
const MAX_VALUES = 40;

const SORT_LABEL = { name: "filters.sortName", moq: "filters.sortMoq", price: "filters.sortPrice" } as const;
const chip = "inline-flex min-h-9 items-center gap-1 rounded-full px-3 py-1 text-sm ring-1 ring-inset";
const chipIdle = `${chip} text-brand-800 ring-slate-200 hover:bg-brand-50`;
const chipOn = `${chip} bg-brand-700 font-semibold text-white ring-brand-700`;

function Chip({ to, on, children }: { to: string; on: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={on ? chipOn : chipIdle} aria-current={on ? "true" : undefined} rel="nofollow">
      {children}
    </Link>
  );
}

function shownValues(filter: OfferedFilter) {
  if (filter.values.length <= MAX_VALUES) return filter.values;
  const top = new Set(
    [...filter.values]
      .sort((a, b) => b.count - a.count)
      .slice(0, MAX_VALUES)
      .map((v) => v.value),
  );
  if (filter.chosen) top.add(filter.chosen);
  return filter.values.filter((v) => top.has(v.value));
}

/**
 * A category's filters and sort as plain links (no JavaScript): one value per filter, 'All' clears it, and each
 * link's query is the canonical one. On a phone inside a <details>, closed; from `lg` always shown above the grid.
 */
export function CategoryFilters({
  path,
  choice,
  filters,
}: {
  path: string;
  choice: FilterChoice;
  filters: OfferedFilter[];
}) {
  const { t, lang } = useI18n();
  const offered = filters.filter((f) => f.values.length > 0 || f.chosen !== undefined);
  const chosenAny = filters.some((f) => f.chosen !== undefined);
  const href = (c: FilterChoice) => path + filterQuery(c);
  const panel = (id: string) => (
    <div className="space-y-4">
      {offered.map((filter) => (
        <div key={filter.name} role="group" aria-labelledby={`${id}-${filter.name}`}>
          <p id={`${id}-${filter.name}`} className="mb-2 text-sm font-semibold text-brand-900">
            {t(`filters.${filter.name}`)}
          </p>
          <ul className="flex flex-wrap gap-2">
            <li>
              <Chip to={href(withFilter(choice, filter.name, undefined))} on={filter.chosen === undefined}>
                {t("filters.all")}
              </Chip>
            </li>
            {shownValues(filter).map((v) => (
              <li key={v.value}>
                <Chip to={href(withFilter(choice, filter.name, v.value))} on={filter.chosen === v.value}>
                  <bdi>{v.label}</bdi>
                  <span className={filter.chosen === v.value ? "text-white/80" : "text-muted"}>
                    ({formatNumber(v.count, lang)})
                  </span>
                </Chip>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div role="group" aria-labelledby={`${id}-sort`}>
        <p id={`${id}-sort`} className="mb-2 text-sm font-semibold text-brand-900">
          {t("filters.sort")}
        </p>
        <ul className="flex flex-wrap gap-2">
          {SORTS.map((sort: Sort) => (
            <li key={sort}>
              <Chip to={href(withSort(choice, sort))} on={choice.sort === sort}>
                {t(SORT_LABEL[sort])}
              </Chip>
            </li>
          ))}
        </ul>
      </div>
      {chosenAny ? (
        <p>
          <Link
            to={path + filterQuery({ values: {}, sort: choice.sort })}
            className="text-sm font-semibold text-brand-700 underline"
          >
            {t("filters.clear")}
          </Link>
        </p>
      ) : null}
    </div>
  );
  return (
    <nav aria-label={t("filters.title")} className="mb-8" data-testid="category-filters">
      <details className="rounded-lg border border-slate-200 lg:hidden">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 font-semibold text-brand-900">
          <SlidersHorizontal className="size-4" aria-hidden /> {t("filters.title")}
        </summary>
        <div className="border-t border-slate-200 p-4">{panel("filters-phone")}</div>
      </details>
      <div className="hidden rounded-lg border border-slate-200 p-5 lg:block">{panel("filters-desktop")}</div>
    </nav>
  );
}
