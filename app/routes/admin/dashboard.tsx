import {
  AlertTriangle,
  Award,
  BookOpen,
  CalendarClock,
  Coins,
  FileText,
  FolderTree,
  History,
  Image as ImageIcon,
  Inbox,
  KeyRound,
  Languages,
  LayoutGrid,
  Package,
  Search,
  Settings,
  ShieldCheck,
  Timer,
  TrendingUp,
  UserRound,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { CertificateValidity } from "~/components/admin/certificate-validity";
import { LinkCards } from "~/components/admin/link-cards";
import { EXPIRY_WARNING_DAYS } from "~/features/certificates/validity";
import { getDashboardCounts, listCertificatesToRenew } from "~/features/dashboard/dashboard.server";
import { OPEN_QUOTE_STATUSES, STATUS_BADGE, STATUS_LABELS } from "~/features/inquiries/inquiries.schema";
import { countNewInquiries, countOpenQuoteRequests } from "~/features/inquiries/inquiry-reads.server";
import { countOverdue } from "~/features/publishing/scheduled.server";
import {
  firstResponseThisMonth,
  formatDuration,
  listFollowUpsDue,
  listRepliesDue,
} from "~/features/inquiries/speed-to-lead.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { ordersOnDashboard } from "~/features/orders/orders-dashboard.server";
import { siteToday } from "~/lib/site-time";
import { getServices } from "~/services.server";
import { PaymentsDue } from "./payments-due";
import { ShipmentsAtSea } from "./shipments-at-sea";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const timeZone = await siteTimeZone(db);
  const [counts, newInquiries, openQuotes, renewals, overdue, repliesDue, followUpsDue, firstResponse, orders] =
    await Promise.all([
      getDashboardCounts(db),
      countNewInquiries(db),
      countOpenQuoteRequests(db),
      listCertificatesToRenew(db, now()),
      countOverdue(db, now()),
      listRepliesDue(db, now(), timeZone),
      listFollowUpsDue(db, now(), timeZone),
      firstResponseThisMonth(db, now(), timeZone),
      ordersOnDashboard(db, siteToday(now(), timeZone)),
    ]);
  return {
    counts,
    newInquiries,
    openQuotes,
    renewals,
    overdue,
    repliesDue,
    followUpsDue,
    orders,
    firstResponse: {
      ...firstResponse,
      median: firstResponse.median === null ? null : formatDuration(firstResponse.median),
    },
  };
}

interface Lead {
  id: string;
  name: string;
  subject: string;
  when: string;
  /** False: no due time was kept for it; `when` is when it came in. */
  due: boolean;
  overdue: boolean;
}

/** A dashboard list of leads (Replies Due, Follow-ups Due): each opens its inquiry; late ones in red. */
function LeadList({
  id,
  title,
  empty,
  list,
  when,
}: {
  id: string;
  title: string;
  empty: string;
  list: { leads: Lead[]; total: number };
  when: (lead: Lead) => string;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid={id}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-heading`} className="flex items-center justify-between gap-2 text-xl font-semibold text-brand-900">
        {title}
        <span className="text-base font-semibold text-slate-600" data-testid={`${id}-count`}>
          {list.total}
        </span>
      </h2>
      {list.leads.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {list.leads.map((lead) => (
            <li key={lead.id} className="py-2">
              <Link
                to={`/admin/inquiries/${lead.id}`}
                className="block font-medium break-words text-brand-800 underline-offset-2 hover:underline"
              >
                {lead.name}: {lead.subject}
              </Link>
              <span className={`text-sm ${lead.overdue ? "font-semibold text-red-700" : "text-slate-600"}`}>
                {when(lead)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.total > list.leads.length ? (
        <p className="mt-2 text-sm text-muted">{`and ${list.total - list.leads.length} more`}</p>
      ) : null}
    </section>
  );
}

const QUICK_ACCESS = [
  {
    to: "/admin/manage-products",
    title: "Manage Products",
    text: "Add, edit, import and export products.",
    Icon: Package,
  },
  {
    to: "/admin/manage-categories",
    title: "Manage Categories",
    text: "Organise the product categories.",
    Icon: FolderTree,
  },
  { to: "/admin/manage-blog", title: "Manage Blog", text: "Write and publish blog posts.", Icon: BookOpen },
  { to: "/admin/user-management", title: "User Management", text: "Review users and their roles.", Icon: Users },
  {
    to: "/admin/accounts",
    title: "Accounts",
    text: "Invite colleagues, reset passwords, sessions and two-factor sign-in.",
    Icon: KeyRound,
  },
  {
    to: "/admin/buyers",
    title: "Buyer Access",
    text: "Which addresses sign in as one buyer to 'My Account', and whose access is disabled.",
    Icon: UserRound,
  },
  { to: "/admin/edit-pages", title: "Edit Pages", text: "Home, about, certificates and gallery.", Icon: FileText },
  {
    to: "/admin/site-settings",
    title: "Site Settings",
    text: "Contact details, social links and logo.",
    Icon: Settings,
  },
  {
    to: "/admin/scheduled",
    title: "Scheduled",
    text: "Products and posts waiting to be published.",
    Icon: CalendarClock,
  },
  {
    to: "/admin/languages",
    title: "Languages",
    text: "Publish the site in Arabic, Bengali and more.",
    Icon: Languages,
  },
  {
    to: "/admin/exchange-rates",
    title: "Exchange rates",
    text: "Show prices in buyers' currencies: AED, SAR, BDT and more.",
    Icon: Coins,
  },
  {
    to: "/admin/search-synonyms",
    title: "Search synonyms",
    text: "Words buyers use for the same thing: pyaz, kanda, onion.",
    Icon: Search,
  },
  {
    to: "/admin/media",
    title: "Media Library",
    text: "Every picture: where it is used, its alt text; upload many at once.",
    Icon: ImageIcon,
  },
  {
    to: "/admin/demand",
    title: "Demand",
    text: "Which products buyers view, download and ask for, and from which countries.",
    Icon: TrendingUp,
  },
  {
    to: "/admin/activity",
    title: "Activity",
    text: "Who changed what, and when: sign-ins, edits, imports and exports.",
    Icon: History,
  },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, newInquiries, openQuotes, renewals, overdue, repliesDue, followUpsDue, firstResponse, orders } =
    loaderData;
  const stats = [
    { label: "Total Products", value: counts.products, to: "/admin/manage-products", Icon: Package },
    { label: "Total Categories", value: counts.categories, to: "/admin/manage-categories", Icon: LayoutGrid },
    { label: "Admin Users", value: counts.adminUsers, to: "/admin/user-management", Icon: ShieldCheck },
    { label: "Blog Posts", value: counts.blogPosts, to: "/admin/manage-blog", Icon: BookOpen },
  ];
  return (
    <div className="space-y-10">
      <h1 className="text-3xl font-bold text-brand-900">Admin Dashboard</h1>
      {/* The scheduler must never stall silently (ADR 0033): a schedule 5 minutes late is said here. */}
      {overdue ? (
        <p role="alert" className="flex items-center gap-2 rounded-md bg-red-50 p-4 text-sm font-medium text-red-800">
          <AlertTriangle className="size-5 shrink-0" aria-hidden />
          <Link to="/admin/scheduled" className="underline underline-offset-2">
            {overdue === 1 ? "1 scheduled item is overdue" : `${overdue} scheduled items are overdue`}
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="statistics-heading" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {/* A section has a heading of its own (the HTML checker); the cards say what they count. */}
        <h2 id="statistics-heading" className="sr-only">
          Statistics
        </h2>
        {stats.map(({ label, value, to, Icon }) => (
          <Link
            key={label}
            to={to}
            data-testid={`stat-${label}`}
            className="flex items-center justify-between rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
          >
            <div>
              <p className="text-sm font-medium text-muted">{label}</p>
              <p className="mt-1 text-3xl font-bold text-brand-900">{value}</p>
            </div>
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="size-6" aria-hidden />
            </span>
          </Link>
        ))}
      </section>
      {/* Buyers' messages (issue 6): below the spec's four stat cards, which stay as they are. */}
      <Link
        to={newInquiries ? "/admin/inquiries?status=new" : "/admin/inquiries"}
        data-testid="inquiries-card"
        className={`flex items-center justify-between gap-4 rounded-xl p-5 shadow-sm ring-1 transition hover:shadow-md ${newInquiries ? "bg-amber-50 ring-amber-200" : "bg-white ring-slate-200"}`}
      >
        <span className="flex items-center gap-4">
          <span
            className={`flex size-12 shrink-0 items-center justify-center rounded-full ${newInquiries ? "bg-amber-100 text-amber-800" : "bg-brand-50 text-brand-700"}`}
          >
            <Inbox className="size-6" aria-hidden />
          </span>
          <span>
            <span className="block font-semibold text-brand-900">Inquiries</span>
            <span className="block text-sm text-muted">
              {newInquiries
                ? `${newInquiries} new ${newInquiries === 1 ? "inquiry waits" : "inquiries wait"} for an answer.`
                : "No new inquiries."}
            </span>
          </span>
        </span>
        <span className="text-3xl font-bold text-brand-900">{newInquiries}</span>
      </Link>
      {/* The lead pipeline: quote requests not yet won, lost or closed, each count opening the filtered list. */}
      <section aria-labelledby="open-quotes">
        <h2 id="open-quotes" className="mb-4 text-xl font-semibold text-brand-900">
          Open Quote Requests
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {OPEN_QUOTE_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={`/admin/inquiries?kind=quote&status=${status}`}
                data-testid={`open-quotes-${status}`}
                className="flex items-center justify-between rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
              >
                <span
                  className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_BADGE[status]}`}
                >
                  {STATUS_LABELS[status]}
                </span>
                <span className="text-3xl font-bold text-brand-900">
                  {openQuotes[status]}
                  <span className="sr-only"> {openQuotes[status] === 1 ? "quote request" : "quote requests"}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {/* Speed to lead (issue 28): who waits for a first reply, which follow-ups have come, how fast the desk answers. */}
      <p data-testid="first-response" className="text-sm text-slate-700">
        <Timer className="mr-1 inline size-4 align-[-2px] text-brand-700" aria-hidden />
        {firstResponse.median === null
          ? `No inquiry received this month has had its first reply yet (${firstResponse.received} received).`
          : `Median first response this month: ${firstResponse.median} (${firstResponse.answered} of ${firstResponse.received} inquiries answered; spam not counted).`}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <LeadList
          id="replies-due"
          title="Replies Due"
          empty="Every inquiry has had its first reply."
          list={repliesDue}
          when={(lead) =>
            !lead.due
              ? `Waiting since ${lead.when}`
              : lead.overdue
                ? `Overdue: was due ${lead.when}`
                : `Due ${lead.when}`
          }
        />
        <LeadList
          id="follow-ups-due"
          title="Follow-ups Due"
          empty="No follow-up is due."
          list={followUpsDue}
          when={(lead) => (lead.overdue ? `Due since ${lead.when}` : "Due today")}
        />
      </div>
      {/* After the buyer accepts (issue 44): money due on the open orders, and their letters of credit. */}
      <PaymentsDue list={orders.paymentsDue} />
      <ShipmentsAtSea list={orders.shipmentsAtSea} />
      <section
        aria-labelledby="renewals-heading"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        data-testid="certificate-renewals"
      >
        <h2 id="renewals-heading" className="flex items-center gap-2 text-xl font-semibold text-brand-900">
          <Award className="size-5 text-brand-700" aria-hidden />
          {`Certificates expiring within ${EXPIRY_WARNING_DAYS} days`}
        </h2>
        {renewals.certificates.length === 0 ? (
          <p className="mt-3 text-sm text-muted">{`No certificate expires within the next ${EXPIRY_WARNING_DAYS} days.`}</p>
        ) : (
          <>
            {/* Expired ones stay on the list, marked, until renewed or removed: the public site already hides them. */}
            <p className="mt-1 text-sm text-muted">Expired ones are marked; the public site no longer shows them.</p>
            <ul className="mt-3 divide-y divide-slate-100">
              {renewals.certificates.map((certificate) => (
                <li key={certificate.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                  <Link
                    to={`/admin/edit-pages/certificates?edit=${certificate.id}`}
                    className="font-medium text-brand-800 underline-offset-2 hover:underline"
                  >
                    {certificate.name}
                    <span className="sr-only"> (edit)</span>
                  </Link>
                  <span className="text-sm text-slate-700">
                    <CertificateValidity validUntil={certificate.valid_until} today={renewals.today} />
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section>
        <h2 className="mb-4 text-xl font-semibold text-brand-900">Quick Access</h2>
        <LinkCards links={QUICK_ACCESS} heading="h3" />
      </section>
    </div>
  );
}
