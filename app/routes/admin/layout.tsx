import {
  CalendarClock,
  ExternalLink,
  History,
  Inbox,
  Languages,
  LayoutDashboard,
  LogOut,
  FileText,
} from "lucide-react";
import { data, Form, isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
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

// The back office's own places beside the dashboard: an icon on a phone, icon and name wider up.
const HEADER_LINKS = [
  { to: "/admin/inquiries", label: "Inquiries", Icon: Inbox },
  { to: "/admin/quotes", label: "Quotes", Icon: FileText },
  { to: "/admin/translations", label: "Translations", Icon: Languages },
  { to: "/admin/activity", label: "Activity", Icon: History },
  { to: "/admin/scheduled", label: "Scheduled", Icon: CalendarClock },
] as const;

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
        <div className="container-page flex h-16 items-center justify-between gap-3">
          <Link to="/admin/dashboard" className="flex items-center gap-2 font-bold text-brand-800">
            <LayoutDashboard className="size-5" aria-hidden />
            <span>Admin Panel</span>
          </Link>
          <div className="flex items-center gap-2 sm:gap-4">
            {user ? <span className="hidden text-sm text-muted sm:inline">{user.fullName ?? user.email}</span> : null}
            {HEADER_LINKS.map(({ to, label, Icon }) => (
              <Link
                key={to}
                to={to}
                aria-label={label}
                className="flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
              >
                <Icon className="size-4" aria-hidden /> <span className="hidden sm:inline">{label}</span>
              </Link>
            ))}
            <Link
              to="/"
              target="_blank"
              className="hidden items-center gap-1 text-sm font-medium text-brand-700 hover:underline sm:flex"
            >
              View Site <ExternalLink className="size-4" aria-hidden />
            </Link>
            <Form method="post" action="/admin/logout">
              <button
                type="submit"
                className="flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
              >
                <LogOut className="size-4" aria-hidden /> Logout
              </button>
            </Form>
          </div>
        </div>
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
