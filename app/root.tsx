import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { clientMessagesOf } from "./features/i18n/catalogues.server";
import { I18nProvider, useI18n } from "./features/i18n/i18n-context";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_INFO, languageOfPath } from "./lib/i18n/languages";
import { installUploadProgress } from "./components/forms/upload-progress";
import { ToastProvider } from "./components/ui/toast";
import { useHydrated } from "./lib/use-hydrated";
import appCss from "./app.css?url";
import { SCRIPT_FONTS } from "./lib/i18n/script-fonts";
import { islandScriptUrl } from "./lib/web/island.server";
import { COMPANY_NAME } from "./features/settings/settings.schema";

// Uploads report their progress (see upload-progress.tsx); a no-op on the server.
installUploadProgress();

/**
 * The page's language, from its path (`/ar/…`), that language's interface texts for the browser (React's pages),
 * and the public pages' script.
 */
export function loader({ request }: Route.LoaderArgs) {
  const lang = languageOfPath(new URL(request.url).pathname);
  return { lang, messages: clientMessagesOf(lang), island: islandScriptUrl() };
}

/** What a route's `handle` may say: `island` pages are React's on the server only (ADR 0058). */
interface PageHandle {
  island?: boolean;
}

/** The texts change only with the language. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  useHydrationMark();
  // The root loader's, which an error page below it has too. Without it (a language not enabled answers 404 before
  // any loader runs) the page is English's.
  const root = useRouteLoaderData<typeof loader>("root");
  const lang = root?.lang ?? DEFAULT_LANGUAGE;
  const documentLang = useDocumentLanguage() ?? lang;
  // The public pages run one small script of plain DOM code instead of React (ADR 0058): no hydration, no loader
  // data written into the page, no client-side routing; every link is a page load, served from the page cache.
  const island = useMatches().some((match) => (match.handle as PageHandle | undefined)?.island);
  return (
    <html lang={documentLang} dir={LANGUAGE_INFO[documentLang].dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#245337" />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        {/* Lets a browser add the site's search (issue 43): the public pages only. */}
        {island ? (
          <link rel="search" type="application/opensearchdescription+xml" title={COMPANY_NAME} href="/opensearch.xml" />
        ) : null}
        {/* With a precedence React puts the stylesheet first in <head>, ahead of the many module preloads it
            hoists there, so the page's first paint does not wait behind the JavaScript on a slow connection. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        {/* The page's own script's faces, asked for with the stylesheet rather than after the first layout: drawn
            late, they moved the text (Lighthouse's CLS 0.18 on an Arabic post, ADR 0053). */}
        {(SCRIPT_FONTS[documentLang] ?? []).map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <Meta />
        <Links />
      </head>
      <body>
        {/* Around error pages too, which render here without App. */}
        <I18nProvider lang={lang} messages={root?.messages ?? null}>
          {children}
        </I18nProvider>
        {island && root ? (
          <script type="module" src={root.island} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The language a page's content is in when its address does not say it: a loader's `documentLang` (the buyer's quote
 * page, in the quote's language at /quotes/{token}).
 */
function useDocumentLanguage() {
  return useMatches()
    .map((match) => (match.loaderData as { documentLang?: unknown } | undefined)?.documentLang)
    .findLast(isLanguage);
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

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

/** Last resort: errors outside any page's own boundary. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { t, path } = useI18n();
  // In the browser; on the server, entry.server.tsx's handleError has logged it with the request's id.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      {/* No route's meta runs for this page (a language not enabled, `/xyz/gallery`): React puts these in <head>. */}
      <title>{status === 404 ? t("notFound.title") : t("error.heading")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-brand-800">
        {status === 404 ? t("notFound.heading") : t("error.heading")}
      </h1>
      <p className="text-muted">{status === 404 ? "" : t("error.message")}</p>
      <a href={path("/")} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white">
        {t("notFound.home")}
      </a>
    </main>
  );
}
