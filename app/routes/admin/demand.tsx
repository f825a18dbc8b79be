import { Form, Link, useSearchParams } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { FunnelChart, shareText, WeeklyTrend } from "./demand-charts";
import { Pagination } from "~/components/admin/list-controls";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SelectField } from "~/components/forms";
import { countryName } from "~/lib/country";
import { formatDay } from "~/lib/site-time";
import { demandReport, parseDemandQuery } from "~/features/demand/demand-report.server";
import {
  countryParam,
  DEMAND_PAGE_SIZE,
  DEMAND_PERIODS,
  type DemandEvent,
  FUNNEL,
  type Funnel,
} from "~/features/demand/funnel";
import { getServices } from "~/services.server";
import type { Route } from "./+types/demand";

// Where demand comes from (issue 28, ADR 0040 and 0056): per product, per country and per week, views → downloads →
// adds → requests → quotes → won over the last 30 or 90 days of the site's time zone, the funnel and its trend drawn on
// the server. Counted by the site itself: no cookie, no stored address, no outside script.
export const meta = () => [{ title: "Demand" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const query = parseDemandQuery(new URL(request.url));
  const report = await demandReport(db, query, now());
  return {
    ...report,
    query,
    // Named on the server: a browser's Intl may name a country otherwise.
    countries: report.countries.map((row) => ({ ...row, name: countryName(row.country) })),
    countryShown: query.country === null ? null : countryName(query.country),
  };
}

const LABELS: Record<DemandEvent, string> = {
  view: "Views",
  download: "Downloads",
  add: "Adds",
  request: "Requests",
  sample: "Samples",
  quote: "Quotes",
  won: "Won",
};

/** What each step counts, for the cards' titles: a deal once in the totals, once per product it names in a row. */
const MEANING: Record<DemandEvent, string> = {
  view: "Product pages seen",
  download: "Spec sheets downloaded",
  add: "Added to a quote list",
  request: "Quote requests received",
  sample: "Sample requests received",
  quote: "Quotes sent (a quote's revisions once)",
  won: "Quotes accepted",
};

const number = new Intl.NumberFormat("en");

/** Requests per 100 views: which products are looked at but never asked about. */
const requestRate = (funnel: Funnel) => shareText(funnel.request + funnel.sample, funnel.view);

function PeriodSwitch({ days }: { days: number }) {
  const [params] = useSearchParams();
  const href = (period: number) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    next.set("days", String(period));
    return `?${next}`;
  };
  const tab = (active: boolean) =>
    `rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${active ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`;
  return (
    <nav aria-label="Period" className="flex flex-wrap gap-2">
      {DEMAND_PERIODS.map((period) => (
        <Link
          key={period}
          to={href(period)}
          className={tab(days === period)}
          aria-current={days === period ? "page" : undefined}
        >
          Last {period} days
        </Link>
      ))}
    </nav>
  );
}

function CountryFilter({
  days,
  country,
  countryShown,
  countries,
}: {
  days: number;
  country: string | null;
  countryShown: string | null;
  countries: Array<{ country: string; name: string }>;
}) {
  const options = countries.map((row) => ({ value: countryParam(row.country), label: row.name }));
  // The country filtered to stays in the list even when nothing was counted there in this period.
  if (country !== null && !countries.some((row) => row.country === country))
    options.push({ value: countryParam(country), label: countryShown ?? "" });
  return (
    <Form method="get" aria-label="Filter by country" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="days" value={days} />
      <SelectField
        name="country"
        label="Country"
        placeholder="All countries"
        defaultValue={country === null ? "" : countryParam(country)}
        options={options}
        className="min-w-48"
      />
      <button
        type="submit"
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
      >
        Show
      </button>
      {country !== null ? (
        <Link
          to={`?days=${days}`}
          className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline"
        >
          All countries
        </Link>
      ) : null}
    </Form>
  );
}

const numberCell = "px-3 py-2 text-right tabular-nums";
const headCell = "px-3 py-3 text-right";

function FunnelCells({ funnel }: { funnel: Funnel }) {
  return (
    <>
      {FUNNEL.map((event) => (
        <td key={event} className={`${numberCell} ${funnel[event] ? "" : "text-slate-400"}`}>
          {number.format(funnel[event])}
        </td>
      ))}
    </>
  );
}

const funnelHeads = FUNNEL.map((event) => (
  <th key={event} scope="col" className={headCell}>
    {LABELS[event]}
  </th>
));

export default function Demand({ loaderData }: Route.ComponentProps) {
  const { totals, products, productCount, countries, countryShown, weeks, query, from, to, timeZone } = loaderData;
  const where = countryShown === null ? "" : ` from ${countryShown}`;
  const nothing = productCount === 0;
  return (
    <div>
      <AdminPageHeader title="Demand" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <p className="mb-4 max-w-3xl text-sm text-muted">
        What buyers look at and ask for, counted by the site itself, without cookies or stored addresses. Each visitor
        counts once per product and step a day; robots, the team and repeats are left out. New counts appear within a
        minute. Requests, quotes and won are the inquiries and quotes themselves: each once in the totals, the funnel
        and the weeks, and once under each product it names. Days are the site&apos;s ({timeZone}): {formatDay(from)} to{" "}
        {formatDay(to)}.
      </p>
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <PeriodSwitch days={query.days} />
        <CountryFilter days={query.days} country={query.country} countryShown={countryShown} countries={countries} />
      </div>

      <section aria-labelledby="totals-heading" className="mb-8">
        <h2 id="totals-heading" className="mb-3 text-lg font-semibold text-brand-900">
          All products{where}, last {query.days} days
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {FUNNEL.map((event) => (
            <div
              key={event}
              data-testid={`total-${event}`}
              className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <dt className="text-sm font-medium text-muted" title={MEANING[event]}>
                {LABELS[event]}
              </dt>
              <dd className="mt-1 text-2xl font-bold text-brand-900 tabular-nums">{number.format(totals[event])}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 max-w-3xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <FunnelChart funnel={totals} />
        </div>
      </section>

      <section aria-labelledby="weeks-heading" className="mb-8">
        <h2 id="weeks-heading" className="mb-3 text-lg font-semibold text-brand-900">
          Per week{where}
        </h2>
        <WeeklyTrend weeks={weeks} />
      </section>

      <section aria-labelledby="products-heading" className="mb-8">
        <h2 id="products-heading" className="mb-3 text-lg font-semibold text-brand-900">
          By product
        </h2>
        <AdminTable
          count={products.length}
          wide
          empty={
            query.country === null
              ? `Nothing counted in the last ${query.days} days yet. Product page views, spec-sheet downloads, quote-list adds and requests show here as they happen.`
              : `Nothing counted${where} in the last ${query.days} days.`
          }
          columns={
            <>
              <th scope="col" className="min-w-40 px-3 py-3">
                Product
              </th>
              {funnelHeads}
              <th scope="col" className={headCell} title="Quote and sample requests per 100 views">
                Asked per view
              </th>
            </>
          }
        >
          {products.map((row) => (
            <tr key={row.productId} data-testid="demand-product">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {row.name === null ? (
                  <span className="text-muted italic">Deleted product</span>
                ) : (
                  <Link
                    to={`/admin/manage-products/edit/${row.productId}`}
                    className="text-brand-800 underline-offset-2 hover:underline"
                  >
                    {row.name}
                  </Link>
                )}
              </th>
              <FunnelCells funnel={row.funnel} />
              <td className={numberCell}>{requestRate(row.funnel)}</td>
            </tr>
          ))}
        </AdminTable>
        {productCount > DEMAND_PAGE_SIZE ? (
          <Pagination page={query.page} total={productCount} pageSize={DEMAND_PAGE_SIZE} />
        ) : null}
      </section>

      {nothing && query.country === null ? null : (
        <section aria-labelledby="countries-heading">
          <h2 id="countries-heading" className="mb-3 text-lg font-semibold text-brand-900">
            By country
          </h2>
          <AdminTable
            count={countries.length}
            wide
            empty={`Nothing counted in the last ${query.days} days.`}
            columns={
              <>
                <th scope="col" className="min-w-36 px-3 py-3">
                  Country
                </th>
                {funnelHeads}
              </>
            }
          >
            {countries.map((row) => (
              <tr
                key={row.country}
                data-testid="demand-country"
                className={row.country === query.country ? "bg-brand-50" : undefined}
              >
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  <Link
                    to={`?days=${query.days}&country=${countryParam(row.country)}`}
                    className="text-brand-800 underline-offset-2 hover:underline"
                    aria-current={row.country === query.country ? "true" : undefined}
                  >
                    {row.name}
                  </Link>
                </th>
                <FunnelCells funnel={row.funnel} />
              </tr>
            ))}
          </AdminTable>
          <p className="mt-2 text-xs text-muted">
            A visitor&apos;s country (views, downloads, adds) comes from the proxy in front of the site when it names
            one, else from the page&apos;s language where that points to one country; otherwise it is Unknown. A
            request&apos;s or a quote&apos;s is the country the buyer gave.
          </p>
        </section>
      )}
    </div>
  );
}
