import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import { clientMessagesOf } from "./features/i18n/catalogues.server";
import { I18nProvider } from "./features/i18n/i18n-context";
import { LANGUAGE_INFO, languageOfPath } from "./lib/i18n/languages";
import { installUploadProgress } from "./components/forms/upload-progress";
import { ToastProvider } from "./components/ui/toast";
import { useHydrated } from "./lib/use-hydrated";
import appCss from "./app.css?url";

// Uploads report their progress (see upload-progress.tsx); a no-op on the server.
installUploadProgress();

/** The page's language, from its path (`/ar/…`), and that language's interface texts for the browser. */
export function loader({ request }: Route.LoaderArgs) {
  const lang = languageOfPath(new URL(request.url).pathname);
  return { lang, messages: clientMessagesOf(lang) };
}

/** The texts change only with the language. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  useHydrationMark();
  // From the path, not the loader: an error page has no loader data, and its language is its path's all the same.
  const lang = languageOfPath(useLocation().pathname);
  return (
    <html lang={lang} dir={LANGUAGE_INFO[lang].dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#245337" />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        {/* With a precedence React puts the stylesheet first in <head>, ahead of the many module preloads it
            hoists there, so the page's first paint does not wait behind the JavaScript on a slow connection. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks <html data-hydrated> once every component has had its hydrated render (forms check their own fields, menus
 * open), so scripts and browser tests can tell a click now runs the page's code rather than the browser's default.
 */
function useHydrationMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <I18nProvider lang={loaderData.lang} messages={loaderData.messages}>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </I18nProvider>
  );
}

/** Last resort: errors outside any page's own boundary. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // In the browser; on the server, entry.server.tsx's handleError has logged it with the request's id.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold text-brand-800">
        {status === 404 ? "Oops! Page Not Found." : "Something went wrong"}
      </h1>
      <p className="text-muted">{status === 404 ? "" : "An unexpected error occurred. Please try again."}</p>
      <a href="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white">
        Go to Homepage
      </a>
    </main>
  );
}
