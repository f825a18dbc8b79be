import { data, Outlet, useMatches } from "react-router";
import { ChatButton } from "~/components/site/chat-button";
import { FlashNotice } from "~/components/site/flash-notice";
import { Footer } from "~/components/site/footer";
import { Header } from "~/components/site/header";
import { useQuoteIds } from "~/components/site/quote-list";
import { enabledLanguages, siteLanguages } from "~/features/i18n/enabled-languages.server";
import { getPublicSettings } from "~/features/settings/settings.server";
import { toPublicShell } from "~/features/settings/settings.schema";
import { clearSiteFlashCookie, readSiteFlash } from "~/lib/web/flash.server";
import { readQuoteListIds } from "~/features/request-quote/quote-list.server";
import { siteOrigin } from "~/config.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { DEFAULT_LANGUAGE, isShippedLanguage, languageOfPath } from "~/lib/i18n/languages";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/layout";
import { UntranslatedNotice } from "~/components/site/untranslated-notice";
import { localizeAddress } from "~/features/translations/pages.server";

/**
 * A language that is not enabled has no pages: everything under its prefix answers the 404, before any loader runs
 * (ADR 0030). A page enabling a language changes is refreshed by the back office's write like any other. The
 * languages' pages are one `/:lang/…` copy (app/routes.ts): a first segment that is no shipped language's code
 * (`/xyz/gallery`) is refused here too, so no English page is ever rendered under it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }) => {
    if ("lang" in params && !isShippedLanguage(params.lang)) throw data("Not Found", { status: 404 });
    const lang = languageOfPath(new URL(request.url).pathname);
    if (lang === DEFAULT_LANGUAGE) return;
    if (!(await enabledLanguages(getServices(context).db)).includes(lang)) throw data("Not Found", { status: 404 });
  },
];

/** Every public page, in every language, runs the island script rather than React in the browser (ADR 0058). */
export const handle = { island: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, markIncomplete, shows } = getServices(context);
  shows(pageTag.settings);
  const [settings, languages] = await Promise.all([
    getPublicSettings(db, markIncomplete),
    siteLanguages(db, markIncomplete),
  ]);
  // A flash is this visitor's: a request carrying one never reaches or fills the page cache (server/app.ts), so
  // cached pages show no toast. Such a page is theirs alone and may show their quote list too (a buyer without
  // JavaScript sees the count after adding); on every other page the browser reads the list from its cookie
  // (`useQuoteIds`), and the server's HTML, cached for everyone, says null: no count, never someone else's.
  const flash = readSiteFlash(request);
  return data(
    {
      // The contact address in the page's language (ADR 0030), marked when it fell back to English.
      shell: {
        ...toPublicShell(settings),
        ...(await localizeAddress(
          getServices(context),
          languageOfPath(new URL(request.url).pathname),
          settings.contact_address,
        )),
      },
      // Canonical links, og:url and JSON-LD name this origin, never the request's (forgeable) Host header.
      origin: siteOrigin(config),
      // English and the enabled languages: the switcher's entries and the pages' hreflang set.
      languages,
      quoteIds: flash ? readQuoteListIds(request) : null,
      flash,
    },
    flash ? { headers: { "Set-Cookie": clearSiteFlashCookie() } } : undefined,
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { shell, flash } = loaderData;
  const quoteIds = useQuoteIds();
  const { t } = useI18n();
  // A page may give the chat button a message of its own (a product page names its product): read on the server.
  const chatMessage = useMatches()
    .map((match) => (match.loaderData as { chatMessage?: unknown } | undefined)?.chatMessage)
    .findLast((message): message is string => typeof message === "string");
  return (
    <div className="site-shell flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t("layout.skipToContent")}
      </a>
      <Header logoUrl={shell.logoUrl} quoteCount={quoteIds.length} />
      <FlashNotice toast={flash} />
      {/* tabIndex -1: the skip link's target takes focus (not a Tab stop). Every link is a page load (ADR 0058): the
          browser shows its progress, starts the new page at the top and reads its title; no loading text or announcer. */}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <UntranslatedNotice />
        <Outlet />
      </main>
      <Footer shell={shell} />
      <ChatButton number={shell.whatsappNumber} message={chatMessage} />
    </div>
  );
}
