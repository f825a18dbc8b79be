import { Download, Eye, Trash2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { InquiryStatusBadge } from "~/components/admin/inquiry-status-badge";
import { Pagination, SearchBox } from "~/components/admin/list-controls";
import { AdminPageHeader, AdminTable, DeleteForm } from "~/components/admin/ui";
import { buttonClass } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { PAGE_SIZE } from "~/features/admin/list-query";
import { INQUIRY_STATUSES, STATUS_LABELS, formatInquiryTime } from "~/features/inquiries/inquiries.schema";
import { deleteInquiry, listInquiries, parseInquiryListQuery } from "~/features/inquiries/inquiries.server";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, formFailure, redirectBack, refuse, successToast } from "~/lib/forms/respond.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/inquiries";

export const meta = () => [{ title: "Inquiries" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseInquiryListQuery(request);
  const { rows, total } = await listInquiries(getServices(context).db, query);
  return {
    inquiries: rows.map((r) => ({ ...r, received: formatInquiryTime(r.created_at) })),
    total,
    page: query.page,
    status: query.status,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  if (form.get("intent") !== "delete") return formFailure({}, errorToast("Error", "Unknown request."));
  if (!(await deleteInquiry(getServices(context).db, String(form.get("id") ?? ""))))
    return refuse(
      { values: {}, form: "delete" },
      { ok: false, title: "Error Deleting Inquiry", message: "The inquiry no longer exists." },
      404,
    );
  return redirectBack(request, successToast("Inquiry Deleted", "The inquiry has been deleted."));
}

function StatusFilter({ current }: { current: string | null }) {
  const [params] = useSearchParams();
  const href = (status: string | null) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    if (status) next.set("status", status);
    else next.delete("status");
    return `?${next}`;
  };
  const tab = (active: boolean) =>
    `rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${active ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`;
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
      <Link to={href(null)} className={tab(!current)} aria-current={!current ? "page" : undefined}>
        All
      </Link>
      {INQUIRY_STATUSES.map((status) => (
        <Link
          key={status}
          to={href(status)}
          className={tab(current === status)}
          aria-current={current === status ? "page" : undefined}
        >
          {STATUS_LABELS[status]}
        </Link>
      ))}
    </nav>
  );
}

export default function Inquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiries, total, page, status } = loaderData;
  const [params] = useSearchParams();
  useToastOnChange(actionData?.toast);
  const exportQuery = new URLSearchParams();
  for (const name of ["q", "status"]) if (params.get(name)) exportQuery.set(name, params.get(name)!);
  return (
    <div>
      <AdminPageHeader title="Inquiries" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        {/* A plain link: the server sends the file as a download, with the list's filter and search. */}
        <a
          href={`/admin/inquiries/export${exportQuery.size ? `?${exportQuery}` : ""}`}
          className={buttonClass({ variant: "outline" })}
          download
        >
          <Download className="size-4" aria-hidden /> Export Inquiries (CSV)
        </a>
      </AdminPageHeader>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SearchBox placeholder="Search name, email, subject, product" keep={["status"]} />
        <StatusFilter current={status} />
      </div>
      <AdminTable
        count={inquiries.length}
        empty="No inquiries found."
        wide
        columns={
          <>
            <th className="hidden px-4 py-3 sm:table-cell">Received</th>
            <th className="px-4 py-3">From</th>
            <th className="hidden px-4 py-3 md:table-cell">Subject</th>
            <th className="hidden px-4 py-3 lg:table-cell">Product</th>
            <th className="px-2 py-3 sm:px-4">Status</th>
            <th className="px-4 py-3 text-right">Actions</th>
          </>
        }
      >
        {inquiries.map((inquiry) => (
          <tr
            key={inquiry.id}
            data-testid="inquiry-row"
            className={inquiry.status === "new" ? "bg-amber-50/40" : undefined}
          >
            <td className="hidden px-4 py-2 whitespace-nowrap text-muted sm:table-cell">{inquiry.received}</td>
            <td className="max-w-[12rem] px-4 py-2 sm:max-w-xs">
              <Link
                to={`/admin/inquiries/${inquiry.id}`}
                className="block truncate font-medium text-brand-800 hover:underline"
              >
                {inquiry.full_name}
              </Link>
              <span className="block truncate text-xs text-muted">{inquiry.email}</span>
              {/* On a phone the subject and time stand under the name. */}
              <span className="block truncate text-xs text-slate-700 md:hidden">{inquiry.subject}</span>
              <span className="block text-xs text-muted sm:hidden">{inquiry.received}</span>
            </td>
            <td className="hidden max-w-xs px-4 py-2 md:table-cell">
              <span className="line-clamp-2">{inquiry.subject}</span>
            </td>
            <td className="hidden max-w-[14rem] px-4 py-2 text-muted lg:table-cell">
              <span className="line-clamp-2">{inquiry.product_name ?? "—"}</span>
            </td>
            <td className="px-2 py-2 sm:px-4">
              <InquiryStatusBadge status={inquiry.status} />
            </td>
            <td className="px-4 py-2">
              <div className="flex justify-end gap-1">
                <Link
                  to={`/admin/inquiries/${inquiry.id}`}
                  className="rounded-md p-2 text-brand-700 hover:bg-brand-50"
                  aria-label={`View the inquiry from ${inquiry.full_name}`}
                  title="View"
                >
                  <Eye className="size-4" aria-hidden />
                </Link>
                <DeleteForm
                  what={`the inquiry from "${inquiry.full_name}"`}
                  id={inquiry.id}
                  label={`Delete the inquiry from ${inquiry.full_name}`}
                >
                  <Trash2 className="size-4" aria-hidden />
                </DeleteForm>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
    </div>
  );
}
