import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SiteTime } from "~/components/admin/site-time";
import { isOverdue, listScheduled } from "~/features/publishing/scheduled.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/scheduled";

// What is scheduled to be published, soonest first (ADR 0033); a schedule more than 5 minutes late is marked.
export const meta = () => [{ title: "Scheduled" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const at = now();
  const items = await listScheduled(db);
  return { items: items.map((item) => ({ ...item, overdue: isOverdue(item.publishAt, at) })) };
}

export default function Scheduled({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <div>
      <AdminPageHeader title="Scheduled" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <p className="mb-4 text-sm text-muted">
        Posts and products waiting for their publishing time. Each goes live within a minute of its time.
      </p>
      <AdminTable
        count={items.length}
        empty="Nothing is scheduled."
        columns={
          <>
            <th className="px-4 py-3">Due</th>
            <th className="px-4 py-3">Item</th>
            <th className="hidden px-4 py-3 sm:table-cell">Kind</th>
          </>
        }
      >
        {items.map((item) => (
          <tr key={`${item.kind}-${item.id}`} className={item.overdue ? "bg-red-50" : undefined}>
            <td className="px-4 py-2">
              <SiteTime iso={item.publishAt} />
              {item.overdue ? (
                <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  Overdue
                </span>
              ) : null}
            </td>
            <td className="px-4 py-2 font-medium">
              <Link to={item.editPath} className="text-brand-800 underline-offset-2 hover:underline">
                {item.label}
              </Link>
            </td>
            <td className="hidden px-4 py-2 text-muted sm:table-cell">{item.kind}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
