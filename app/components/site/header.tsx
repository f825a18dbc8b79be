import { Menu, UserRound, X } from "lucide-react";
import { useLocation } from "react-router";
import { useI18n } from "~/features/i18n/i18n-context";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { pathWithoutLanguage } from "~/lib/i18n/languages";
import { HeaderLanguageSwitcher, MenuLanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { NAV_ITEMS } from "./nav";
import { QuoteBadge } from "./quote-list";
import { HeaderSearch, SearchBox, SearchLink } from "./search-box";
import { isCurrentSection } from "./site-links";

/**
 * The public header, rendered on the server only (ADR 0058): app/island/header.ts gives it its shadow and makes the
 * phone menu a modal dialog. Without JavaScript the menu is an in-page link: `#mobile-menu` opens the panel
 * (app.css, `:target`) and its Close link goes to a fragment naming nothing, which closes it where the page was.
 */
export function Header({ logoUrl, quoteCount }: { logoUrl: string | null; quoteCount: number }) {
  const { t, path } = useI18n();
  // Which section is shown, whatever the language: `/ar/blog/x` is in "Blog".
  const sitePath = pathWithoutLanguage(useLocation().pathname);
  const homeLabel = t("header.homeLink", { company: COMPANY_NAME });
  return (
    <header
      data-scrolled="false"
      className="sticky top-0 z-40 border-b border-transparent bg-white/95 backdrop-blur transition-shadow data-[scrolled=true]:border-slate-200 data-[scrolled=true]:shadow-md"
    >
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-4 lg:h-20">
        <a href={path("/")} className="shrink-0" aria-label={homeLabel}>
          <Logo src={logoUrl} />
        </a>
        <nav aria-label={t("nav.main")} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => {
              const current = isCurrentSection(item.to, sitePath);
              return (
                <li key={item.to}>
                  <a
                    href={path(item.to)}
                    aria-current={current ? "page" : undefined}
                    className={`rounded-md px-3 py-2 text-[0.95rem] transition-colors hover:text-brand-700 ${current ? "font-bold text-brand-800" : "font-medium text-slate-700"}`}
                  >
                    {t(item.label)}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          {/* A desktop's search form in an icon's room; a phone's icon goes to /search (its menu has the form). */}
          <HeaderSearch className="me-1 hidden lg:block" />
          <SearchLink className="lg:hidden" />
          <HeaderLanguageSwitcher />
          {/* The same link for everyone, so cached pages stay shared: /account tells who is signed in (issue 45). A phone's
              header has no room for it: its menu has the link. */}
          <a
            href={path("/account")}
            aria-label={t("header.account")}
            title={t("header.account")}
            aria-current={sitePath === "/account" ? "page" : undefined}
            className="hidden rounded-md p-2 text-brand-800 hover:bg-brand-50 sm:inline-flex"
          >
            <UserRound className="size-6" aria-hidden />
          </a>
          <QuoteBadge count={quoteCount} />
          {/* A link that opens the panel without JavaScript; the island makes it the dialog's button. */}
          <a
            href="#mobile-menu"
            aria-controls="mobile-menu"
            aria-label={t("header.openMenu")}
            className="rounded-md p-2 text-brand-800 hover:bg-brand-50 lg:hidden"
          >
            <Menu className="size-7" aria-hidden />
          </a>
        </div>
      </div>

      {/* Closed, it is `visibility: hidden` (app.css): out of the tab order and the accessibility tree. */}
      <div
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t("header.menu")}
        className="menu-overlay fixed inset-0 z-50 flex h-dvh flex-col bg-brand-900 text-white lg:hidden"
      >
        <div className="container-page flex h-16 items-center justify-between">
          <a href={path("/")} aria-label={homeLabel}>
            <Logo src={logoUrl} light />
          </a>
          <a
            href="#menu-closed"
            data-menu-close
            className="rounded-md p-2 hover:bg-white/10"
            aria-label={t("header.closeMenu")}
          >
            <X className="size-7" aria-hidden />
          </a>
        </div>
        <div className="container-page flex-1 overflow-y-auto pt-6">
          <SearchBox look="menu" className="mb-6" />
          <nav aria-label={t("nav.mobile")}>
            <ul className="flex flex-col gap-1">
              {NAV_ITEMS.map((item, i) => {
                const current = isCurrentSection(item.to, sitePath);
                return (
                  <li key={item.to} className="menu-link" style={{ "--i": i } as React.CSSProperties}>
                    <a
                      href={path(item.to)}
                      aria-current={current ? "page" : undefined}
                      className={`block rounded-md px-3 py-3 text-2xl ${current ? "font-bold text-accent-400" : "font-medium text-white hover:bg-white/10"}`}
                    >
                      {t(item.label)}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          <a
            href={path("/account")}
            className="mt-4 flex items-center gap-2 rounded-md px-3 py-3 text-xl font-medium text-white hover:bg-white/10"
          >
            <UserRound className="size-6" aria-hidden /> {t("header.account")}
          </a>
          <MenuLanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
