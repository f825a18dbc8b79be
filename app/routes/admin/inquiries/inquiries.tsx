import { mailStateOf } from "~/features/outbox/mail-state";
import { Download, Eye, Trash2 } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { InquiryStatusBadge } from "~/routes/admin/inquiries/inquiry-status-badge";
import { Pagination, SearchBox } from "~/components/admin/list-controls";
import { SelectField } from "~/components/forms/index";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { DeleteForm } from "~/components/admin/delete-form";
import { buttonClass } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { PAGE_SIZE } from "~/lib/web/list-query";
import { ALL_LANGUAGES, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_INFO } from "~/lib/i18n/languages";
import {
  INQUIRY_STATUSES,
  KIND_LABELS,
  STATUS_LABELS,
  UNASSIGNED,
  formatInquiryTime,
  mailStateText,
} from "~/features/inquiries/inquiries.schema";
import {
  listInquiriesForAdmin,
  listInquiryFilterOptions,
  parseInquiryListQuery,
} from "~/features/inquiries/inquiry-list.server";
import { deleteInquiry } from "~/features/inquiries/pipeline.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, formFailure, redirectBack, refuse, successToast } from "~/lib/forms/respond.server";
import { replyState } from "~/features/inquiries/reply-due.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/inquiries";

export const meta = () => [{ title: "Inquiries" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const query = parseInquiryListQuery(request);
  const [{ rows, total }, options, timeZone] = await Promise.all([
    listInquiriesForAdmin(db, query),
    listInquiryFilterOptions(db),
    siteTimeZone(db),
  ]);
  return {
    inquiries: rows.map(
      ({
        notified_at,
        notify_error,
        notify_due_at,
        notify_attempts,
        notifyMail,
        reply_due_at,
        first_reply_at,
        ...r
      }) => {
        const notify = notifyMail
          ? mailStateOf(notifyMail, timeZone)
          : mailStateText(
              { sentAt: notified_at, error: notify_error, dueAt: notify_due_at, attempts: notify_attempts },
              timeZone,
            );
        // Only a failed notification is worth a line in the list; the detail page says the rest.
        return {
          ...r,
          received: formatInquiryTime(r.created_at, timeZone),
          notifyFailed: notify.failed || ("retrying" in notify && notify.retrying) ? notify.text : null,
          replyOverdue: replyState({ status: r.status, reply_due_at, first_reply_at }, now()) === "overdue",
        };
      },
    ),
    total,
    page: query.page,
    status: query.status,
    options,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Inquiries are shown on no public page.
  getServices(context).changed(pageTag.none);
  const form = await readFormData(request);
  if (form.get("intent") !== "delete") return formFailure({}, errorToast("Error", "Unknown request."));
  if (!(await deleteInquiry(getServices(context).db, getAdminUser(context), String(form.get("id") ?? ""))))
    return refuse(
      { values: {}, form: "delete" },
      { ok: false, title: "Error Deleting Inquiry", message: "The inquiry no longer exists." },
      404,
    );
  return redirectBack(request, successToast("Inquiry Deleted", "The inquiry has been deleted."));
}

function KindTag({ kind }: { kind: "quote" | "sample" }) {
  return (
    <span
      className={`mb-0.5 inline-block rounded px-1.5 py-0.5 text-[11px] font-semibold tracking-wide uppercase ring-1 ${
        kind === "sample" ? "bg-amber-50 text-amber-900 ring-amber-200" : "bg-brand-50 text-brand-800 ring-brand-200"
      }`}
    >
      {KIND_LABELS[kind]}
    </span>
  );
}

/** The language the buyer wrote in, when not English: the team may answer in it. */
function LanguageTag({ lang }: { lang: string }) {
  const name = isLanguage(lang) ? LANGUAGE_INFO[lang].englishName : lang;
  return (
    <span
      data-testid="inquiry-lang"
      className="ms-1 mb-0.5 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold text-slate-700 ring-1 ring-slate-300"
    >
      {name}
    </span>
  );
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

/** Every list filter but the search and the status tabs, which keep each other; a GET form, so it works without JavaScript. */
const FILTERS = ["kind", "assignee", "country", "product", "lang"] as const;

/** The languages a buyer may write in, by their English names (the back office stays English). */
const LANGUAGE_OPTIONS = ALL_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_INFO[code].englishName }));

function Filters({ options }: { options: Route.ComponentProps["loaderData"]["options"] }) {
  const [params] = useSearchParams();
  const active = FILTERS.some((name) => params.get(name));
  const clear = new URLSearchParams(params);
  for (const name of [...FILTERS, "page"]) clear.delete(name);
  return (
    <Form
      method="get"
      aria-label="Filter inquiries"
      className="mb-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      {["q", "status", "buyer"].map((name) =>
        params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name)!} /> : null,
      )}
      <SelectField
        name="kind"
        label="Kind"
        placeholder="All"
        defaultValue={params.get("kind") ?? ""}
        options={[
          { value: "quote", label: "Quote requests" },
          { value: "sample", label: "Sample requests" },
          { value: "contact", label: "Messages" },
        ]}
      />
      <SelectField
        name="assignee"
        label="Assignee"
        placeholder="Anyone"
        defaultValue={params.get("assignee") ?? ""}
        options={[
          { value: UNASSIGNED, label: "Unassigned" },
          ...options.assignees.map((admin) => ({ value: admin.id, label: admin.name })),
        ]}
      />
      <SelectField
        name="country"
        label="Country"
        placeholder="All countries"
        defaultValue={params.get("country") ?? ""}
        options={options.countries}
      />
      <SelectField
        name="product"
        label="Product"
        placeholder="All products"
        defaultValue={params.get("product") ?? ""}
        options={options.products.map((product) => ({ value: product.id, label: product.name }))}
      />
      <SelectField
        name="lang"
        label="Language"
        placeholder="All languages"
        defaultValue={params.get("lang") ?? ""}
        options={LANGUAGE_OPTIONS}
      />
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Apply Filters
        </button>
        {active ? (
          <Link
            to={`?${clear}`}
            className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function Inquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiries, total, page, status, options } = loaderData;
  const [params] = useSearchParams();
  useToastOnChange(actionData?.toast);
  const exportQuery = new URLSearchParams();
  for (const name of ["q", "status", "buyer", ...FILTERS])
    if (params.get(name)) exportQuery.set(name, params.get(name)!);
  const allBuyers = new URLSearchParams(params);
  allBuyers.delete("buyer");
  allBuyers.delete("page");
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
        <SearchBox placeholder="Search name, email, company" keep={["status", "buyer", ...FILTERS]} />
        <StatusFilter current={status} />
      </div>
      {params.get("buyer") ? (
        // One importer's inquiries (issue 28, "Buyers"), from an inquiry page's 'All inquiries from this buyer'.
        <p className="mb-4 text-sm text-slate-700" data-testid="buyer-filter">
          {"One buyer's inquiries: the same email, or the same company. "}
          <Link to={`?${allBuyers}`} className="text-brand-700 underline">
            Show every buyer
          </Link>
        </p>
      ) : null}
      <Filters options={options} />
      <AdminTable
        count={inquiries.length}
        empty="No inquiries found."
        wide
        columns={
          <>
            <th className="hidden px-4 py-3 sm:table-cell">Received</th>
            <th className="py-3 pr-2 pl-3 sm:px-4">From</th>
            <th className="hidden px-4 py-3 md:table-cell">Subject</th>
            <th className="hidden px-4 py-3 lg:table-cell">Product</th>
            <th className="hidden px-4 py-3 xl:table-cell">Assignee</th>
            <th className="px-2 py-3 sm:px-4">Status</th>
            <th className="py-3 pr-3 pl-1 text-right sm:px-4">Actions</th>
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
            <td className="max-w-[10rem] py-2 pr-2 pl-3 sm:max-w-xs sm:px-4">
              <Link
                to={`/admin/inquiries/${inquiry.id}`}
                className="block truncate font-medium text-brand-800 hover:underline"
              >
                {inquiry.full_name}
              </Link>
              <span className="block truncate text-xs text-muted">
                {inquiry.kind !== "contact" && (inquiry.company || inquiry.country)
                  ? [inquiry.company, inquiry.country].filter(Boolean).join(" · ")
                  : inquiry.email}
              </span>
              {/* On a phone the subject and time stand under the name. */}
              <span className="block truncate text-xs text-slate-700 md:hidden">{inquiry.subject}</span>
              <span className="block text-xs text-muted sm:hidden">{inquiry.received}</span>
            </td>
            <td className="hidden max-w-xs px-4 py-2 md:table-cell">
              {inquiry.kind !== "contact" ? <KindTag kind={inquiry.kind} /> : null}
              {inquiry.lang !== DEFAULT_LANGUAGE ? <LanguageTag lang={inquiry.lang} /> : null}
              <span className="line-clamp-2">{inquiry.subject}</span>
            </td>
            <td className="hidden max-w-[14rem] px-4 py-2 text-muted lg:table-cell">
              <span className="line-clamp-2">{inquiry.products.join(", ") || "—"}</span>
            </td>
            <td className="hidden max-w-[10rem] px-4 py-2 xl:table-cell">
              <span className={`block truncate ${inquiry.assignee ? "" : "text-muted"}`}>
                {inquiry.assignee ?? "Unassigned"}
              </span>
            </td>
            <td className="px-2 py-2 sm:px-4">
              <InquiryStatusBadge status={inquiry.status} />
              {inquiry.replyOverdue ? (
                // Speed to lead (issue 28): a lead still unanswered past its reply time stands out.
                <span data-testid="reply-overdue" className="mt-1 block text-xs font-semibold text-red-700">
                  Reply overdue
                </span>
              ) : null}
              {inquiry.notifyFailed ? (
                <span
                  data-testid="notify-failed"
                  className="mt-1 block text-xs text-red-700"
                  title={inquiry.notifyFailed}
                >
                  Notification failed
                </span>
              ) : null}
            </td>
            <td className="py-2 pr-3 pl-1 sm:px-4">
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
