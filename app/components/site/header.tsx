import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "~/features/i18n/i18n-context";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { pathWithoutLanguage } from "~/lib/i18n/languages";
import { inertOutside, keepTabInside } from "~/lib/modal-focus";
import { useHydrated } from "~/lib/use-hydrated";
import { HeaderLanguageSwitcher, MenuLanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { NAV_ITEMS } from "./nav";
import { QuoteBadge } from "./quote-list";
import { DISCOVER, isCurrentSection, useFollowLink } from "./site-links";
import { useScrolledPast } from "./use-scrolled-past";

export function Header({ logoUrl, quoteCount }: { logoUrl: string | null; quoteCount: number }) {
  const scrolled = useScrolledPast(10);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const follow = useFollowLink();
  const { lang, t, path } = useI18n();
  // Which section is shown, whatever the language: `/ar/blog/x` is in "Blog".
  const sitePath = pathWithoutLanguage(location.pathname);
  // The phone menu opens only with JavaScript, so it is not in the server's HTML: it is mounted once the page is
  // hydrated (closed, so that opening it still slides it in), which keeps every page's HTML and render smaller.
  const hydrated = useHydrated();
  const close = () => setMenuOpen(false);
  const followAndClose = (event: React.MouseEvent<HTMLAnchorElement>) => {
    close();
    follow(event);
  };

  // Any navigation (a link, the logo, back/forward) closes the menu: adjusted while rendering, not in an effect.
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setMenuOpen(false);
  }

  // Open, the menu is modal (aria-modal): the page behind it is inert, Tab goes round inside it, Escape closes it,
  // and closing gives focus back to the menu button.
  useEffect(() => {
    const menu = menuPanel.current;
    if (!menuOpen || !menu) return;
    const restoreOutside = inertOutside(menu);
    closeButton.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
      else keepTabInside(menu, event);
    };
    document.addEventListener("keydown", onKey);
    // A window widened to the desktop layout (a tablet turned) hides the menu: close it, or the page stays inert.
    const desktop = window.matchMedia("(min-width: 64rem)");
    const onWiden = () => desktop.matches && setMenuOpen(false);
    desktop.addEventListener("change", onWiden);
    const button = menuButton.current;
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener("keydown", onKey);
      desktop.removeEventListener("change", onWiden);
      // First out of inert: an inert button cannot take focus.
      restoreOutside();
      button?.focus();
    };
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b bg-white/95 backdrop-blur transition-shadow ${scrolled ? "border-slate-200 shadow-md" : "border-transparent"}`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <a
          href={path("/")}
          {...DISCOVER}
          onClick={followAndClose}
          className="shrink-0"
          aria-label={t("header.homeLink", { company: COMPANY_NAME })}
        >
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
                    {...DISCOVER}
                    onClick={follow}
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
          <HeaderLanguageSwitcher />
          <QuoteBadge count={quoteCount} />
          <button
            ref={menuButton}
            type="button"
            className="rounded-md p-2 text-brand-800 hover:bg-brand-50 lg:hidden"
            aria-label={t("header.openMenu")}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-7" aria-hidden />
          </button>
        </div>
      </div>

      {hydrated ? (
        // A new panel for a new language: turned round (right to left), the closed panel would otherwise slide
        // across to its other side, and the browser keep that passage as room to scroll sideways.
        <div
          key={lang}
          ref={menuPanel}
          id="mobile-menu"
          role="dialog"
          aria-modal="true"
          aria-label={t("header.menu")}
          data-open={menuOpen}
          className="menu-overlay fixed inset-0 z-50 flex h-dvh flex-col bg-brand-900 text-white lg:hidden"
        >
          <div className="container-page flex h-16 items-center justify-between">
            <a
              href={path("/")}
              {...DISCOVER}
              onClick={followAndClose}
              aria-label={t("header.homeLink", { company: COMPANY_NAME })}
              tabIndex={menuOpen ? 0 : -1}
            >
              <Logo src={logoUrl} light />
            </a>
            <button
              ref={closeButton}
              type="button"
              className="rounded-md p-2 hover:bg-white/10"
              aria-label={t("header.closeMenu")}
              onClick={close}
              tabIndex={menuOpen ? 0 : -1}
            >
              <X className="size-7" aria-hidden />
            </button>
          </div>
          <div className="container-page flex-1 overflow-y-auto pt-6">
            <nav aria-label={t("nav.mobile")}>
              <ul className="flex flex-col gap-1">
                {NAV_ITEMS.map((item, i) => {
                  const current = isCurrentSection(item.to, sitePath);
                  return (
                    <li key={item.to} className="menu-link" style={{ "--i": i } as React.CSSProperties}>
                      <a
                        href={path(item.to)}
                        {...DISCOVER}
                        onClick={followAndClose}
                        tabIndex={menuOpen ? 0 : -1}
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
            <MenuLanguageSwitcher tabIndex={menuOpen ? 0 : -1} onFollow={close} />
          </div>
        </div>
      ) : null}
    </header>
  );
}
