import {
  BookOpen,
  CalendarClock,
  ExternalLink,
  History,
  Inbox,
  Languages,
  LayoutDashboard,
  LayoutGrid,
  LogOut,
  Newspaper,
  Package,
  PackageCheck,
  ReceiptText,
  Search,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import { useToastOnChange } from "~/components/ui/toast";
import { clearFlashCookie, readFlash } from "~/lib/web/flash.server";
import { KeptSubmissionProvider } from "~/components/forms";
import { getAdminUser, originalLocation, requireAdmin } from "~/features/auth/guard.server";
import { takeKeptSubmission } from "~/features/auth/form-stash.server";
import { getServices } from "~/services.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import type { Route } from "./+types/layout";

// Every loader and action below this layout runs after this check (spec §6; DESIGN "Principles" 1).
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getAdminUser(context);
  const { db, config, now } = getServices(context);
  const flash = readFlash(request);
  const timeZone = await siteTimeZone(db);
  // A form sent to this page when the session had run out (ADR 0036): its values, once, now that they signed in.
  const path = originalLocation(request).split("?")[0]!;
  const kept = await takeKeptSubmission(db, request, { path, now: now(), publicUrl: config.publicUrl });
  const headers = new Headers();
  if (flash) headers.append("Set-Cookie", clearFlashCookie());
  if (kept) headers.append("Set-Cookie", kept.clearCookie);
  return data(
    {
      user: { email: user.email, fullName: user.fullName },
      flash,
      uploadMaxBytes: config.uploadMaxBytes,
      timeZone,
      kept: kept && { entries: kept.entries, keptAt: kept.keptAt },
    },
    { headers },
  );
}

/** What an error page under the admin layout is about: the loader's words ('Product not found', spec §8) or a 404. */
function describeError(error: unknown) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const missing = notFound && typeof error.data === "string" && error.data !== "Not Found" ? error.data : null;
  if (missing) return { notFound, heading: missing, title: missing };
  if (notFound) return { notFound, heading: "Oops! Page Not Found.", title: "Page Not Found" };
  return { notFound, heading: "Something went wrong", title: "Something went wrong" };
}

// An error page gets a title of its own ('Page Not Found | Admin'); the pages' own meta give theirs.
export const meta = ({ error }: Route.MetaArgs) => [
  ...(error ? [{ title: `${describeError(error).title} | Admin` }] : []),
  { name: "robots", content: "noindex" },
];

/**
 * The back office's main places, named, on every admin page (issue 41: no link to Products, Categories or Blog, and
 * five unlabelled icons on a phone). The rarer ones (accounts, settings, languages, media, demand) are a tap away on
 * the dashboard.
 */
const PLACES = [
  { to: "/admin/dashboard", label: "Dashboard", Icon: LayoutDashboard },
  // Buyers waiting first: on a phone these show before the row is scrolled.
  { to: "/admin/inquiries", label: "Inquiries", Icon: Inbox },
  { to: "/admin/quotes", label: "Quotes", Icon: ReceiptText },
  { to: "/admin/orders", label: "Orders", Icon: PackageCheck },
  { to: "/admin/manage-products", label: "Products", Icon: Package },
  { to: "/admin/manage-categories", label: "Categories", Icon: LayoutGrid },
  { to: "/admin/manage-blog", label: "Blog", Icon: BookOpen },
  { to: "/admin/edit-pages", label: "Pages", Icon: Newspaper },
  { to: "/admin/translations", label: "Translations", Icon: Languages },
  { to: "/admin/scheduled", label: "Scheduled", Icon: CalendarClock },
  { to: "/admin/activity", label: "Activity", Icon: History },
] as const;

/**
 * The places as one row of words: the whole row at 1280 px; on a phone it scrolls sideways inside itself (the page
 * never does), each place 44 px high, the one shown marked (aria-current, underlined) and scrolled into view.
 */
function PlacesNav() {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const bar = list.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current) return;
    const box = bar.getBoundingClientRect();
    const place = current.getBoundingClientRect();
    // Only the row moves, never the page: scrollIntoView would scroll the window as well.
    if (place.left < box.left || place.right > box.right - 48) bar.scrollLeft += place.left - box.left - 16;
  }, [pathname]);
  return (
    <nav aria-label="Back office" className="border-t border-slate-100">
      <ul
        ref={list}
        className="container-page flex overflow-x-auto max-sm:[mask-image:linear-gradient(to_right,black_85%,transparent)] max-sm:pr-12"
      >
        {PLACES.map(({ to, label, Icon }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-1.5 border-b-2 px-3 text-sm font-medium whitespace-nowrap ${
                  isActive
                    ? "border-brand-700 text-brand-900"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-brand-800"
                }`
              }
            >
              <Icon className="hidden size-4 sm:block" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AdminShell({
  user,
  children,
}: {
  user?: { email: string; fullName: string | null };
  children: React.ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page flex h-14 items-center justify-between gap-3">
          <Link to="/admin/dashboard" className="flex min-h-11 items-center gap-2 font-bold text-brand-800">
            <LayoutDashboard className="size-5" aria-hidden />
            <span>Admin Panel</span>
          </Link>
          <div className="flex items-center gap-1 sm:gap-4">
            {user ? (
              <Form method="get" action="/admin/search" role="search" className="flex items-center">
                <label htmlFor="admin-search" className="sr-only">
                  Search the back office
                </label>
                <input
                  id="admin-search"
                  type="search"
                  name="q"
                  maxLength={100}
                  placeholder="Search…"
                  className="hidden min-h-9 w-44 rounded-md border border-field px-3 text-sm md:block lg:w-56"
                />
                <button
                  type="submit"
                  className="flex min-h-11 items-center rounded-md px-2 text-brand-700 hover:bg-slate-100 md:min-h-9"
                >
                  <Search className="size-5 md:size-4" aria-hidden />
                  <span className="sr-only">Search the back office</span>
                </button>
              </Form>
            ) : null}
            {user ? <span className="hidden text-sm text-muted lg:inline">{user.fullName ?? user.email}</span> : null}
            <Link
              to="/"
              target="_blank"
              className="flex min-h-11 items-center gap-1 px-2 text-sm font-medium text-brand-700 hover:underline"
            >
              View Site <ExternalLink className="size-4" aria-hidden />
            </Link>
            <Form method="post" action="/admin/logout">
              <button
                type="submit"
                className="flex min-h-11 items-center gap-1 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 sm:min-h-9"
              >
                <LogOut className="size-4" aria-hidden /> Logout
              </button>
            </Form>
          </div>
        </div>
        <PlacesNav />
      </header>
      <main className="container-page py-8">{children}</main>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useToastOnChange(loaderData.flash);
  return (
    <AdminShell user={loaderData.user}>
      <KeptSubmissionProvider value={loaderData.kept}>
        <Outlet />
      </KeptSubmissionProvider>
      <UnsavedChangesGuard />
    </AdminShell>
  );
}

/**
 * Unknown ids and paths below the layout, and errors: the page keeps the admin header with the administrator's name
 * (the layout's loader succeeded when the error came from a page; only then is its data there).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const { notFound, heading } = describeError(error);
  // In the browser; on the server, entry.server.tsx's handleError has logged it with the request's id.
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <AdminShell user={layout?.user}>
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold text-brand-900">{heading}</h1>
        <Link to="/admin/dashboard" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Back to Dashboard
        </Link>
      </div>
    </AdminShell>
  );
}
