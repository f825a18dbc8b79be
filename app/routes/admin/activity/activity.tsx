import { Form, Link, useSearchParams } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { ExportLink } from "~/components/admin/export-link";
import { Pagination } from "~/components/admin/list-controls";
import { SiteTime } from "~/components/admin/site-time";
import { Field, SelectField } from "~/components/forms/index";
import { actionLabel, entityLabel } from "~/features/history/activity-labels";
import { listActivity, listActivityActors, parseActivityQuery } from "~/features/history/activity-list.server";
import { ACTIVITY_ACTIONS } from "~/features/history/record.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { PAGE_SIZE } from "~/lib/web/list-query";
import { getServices } from "~/services.server";
import type { Route } from "./+types/activity";

export const meta = () => [{ title: "Activity" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const query = parseActivityQuery(request);
  const timeZone = await siteTimeZone(db);
  const [{ rows, total }, actors] = await Promise.all([listActivity(db, query, timeZone), listActivityActors(db)]);
  // The kinds the log knows, named for people (the list lives in a server module).
  const kinds = ACTIVITY_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }));
  return { rows, total, page: query.page, actors, kinds };
}

/** The filters the page, its pages and its export share. */
const FILTERS = ["user", "action", "from", "to"] as const;

type Option = { value: string; label: string };

function Filters({ actors, kinds }: { actors: Option[]; kinds: Option[] }) {
  const [params] = useSearchParams();
  const active = FILTERS.some((name) => params.get(name));
  return (
    <Form
      method="get"
      aria-label="Filter activity"
      className="mb-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <SelectField
        name="user"
        label="User"
        placeholder="Everyone"
        defaultValue={params.get("user") ?? ""}
        options={actors}
      />
      <SelectField
        name="action"
        label="Kind"
        placeholder="All kinds"
        defaultValue={params.get("action") ?? ""}
        options={kinds}
      />
      <Field name="from" label="From" type="date" defaultValue={params.get("from") ?? ""} />
      <Field name="to" label="To" type="date" defaultValue={params.get("to") ?? ""} />
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Apply Filters
        </button>
        {active ? (
          <Link
            to="?"
            className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, actors, kinds } = loaderData;
  const [params] = useSearchParams();
  const exportQuery = new URLSearchParams();
  for (const name of FILTERS) if (params.get(name)) exportQuery.set(name, params.get(name)!);
  return (
    <div>
      <AdminPageHeader title="Activity" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <ExportLink
          href={`/admin/activity/export${exportQuery.size ? `?${exportQuery}` : ""}`}
          label="Export CSV"
          what="activity"
        />
      </AdminPageHeader>
      <p className="mb-4 text-sm text-muted">
        Every sign-in, change, import and export in the back office, with who made it and from which address. Days are
        read in the site&apos;s time zone.
      </p>
      <Filters actors={actors} kinds={kinds} />
      <AdminTable
        count={rows.length}
        empty="No activity found."
        wide
        cards
        columns={
          <>
            <th className="px-4 py-3">Time</th>
            <th className="px-4 py-3">User</th>
            <th className="hidden px-4 py-3 lg:table-cell">Address</th>
            <th className="px-4 py-3">Action</th>
            <th className="px-4 py-3">Item</th>
            <th className="hidden px-4 py-3 md:table-cell">Summary</th>
          </>
        }
      >
        {rows.map((row) => (
          // On a phone a card: when, who and what on the first lines, the item and its summary below.
          <tr
            key={row.id}
            data-testid="activity-row"
            className="max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3"
          >
            <td className="px-4 py-2 whitespace-nowrap text-muted max-sm:p-0 max-sm:text-xs">
              <SiteTime iso={row.at} />
            </td>
            <td className="max-w-[12rem] px-4 py-2 max-sm:p-0">
              <span className="block truncate" title={row.actor_email ?? undefined}>
                {row.actor_name ?? row.actor_email ?? "System"}
              </span>
            </td>
            <td className="hidden px-4 py-2 font-mono text-xs text-muted lg:table-cell">{row.ip ?? "—"}</td>
            <td className="px-4 py-2 whitespace-nowrap max-sm:p-0 max-sm:font-medium">{actionLabel(row.action)}</td>
            <td className="max-w-[14rem] px-4 py-2 max-sm:max-w-full max-sm:basis-full max-sm:p-0">
              {row.entity ? <span className="block text-xs text-muted">{entityLabel(row.entity)}</span> : null}
              {row.href ? (
                <Link to={row.href} className="block truncate font-medium text-brand-800 hover:underline">
                  {row.action === "import" ? "Revert import" : (row.entity_label ?? row.entity_id ?? "Open")}
                </Link>
              ) : (
                <span className="block truncate">{row.entity_label ?? row.entity_id ?? "—"}</span>
              )}
              {/* On a phone the summary stands under the item. */}
              <span className="block text-xs break-words text-muted md:hidden">{row.summary}</span>
            </td>
            <td className="hidden max-w-md px-4 py-2 break-words md:table-cell">{row.summary}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
    </div>
  );
}
