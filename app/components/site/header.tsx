import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { Logo } from "./logo";
import { NAV_ITEMS } from "./nav";
import { useScrolledPast } from "./use-scrolled-past";

/** Category and product pages belong to "Our Products", whose own path is different. */
const isSectionOf = (to: string, pathname: string) => to === "/our-products" && pathname.startsWith("/products/");

export function Header({ logoUrl }: { logoUrl: string | null }) {
  const scrolled = useScrolledPast(10);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const close = () => setMenuOpen(false);

  // Any navigation (a link, the logo, back/forward) closes the menu: adjusted while rendering, not in an effect.
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    closeButton.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    const button = menuButton.current;
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener("keydown", onKey);
      button?.focus();
    };
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b bg-white/95 backdrop-blur transition-shadow ${scrolled ? "border-slate-200 shadow-md" : "border-transparent"}`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" onClick={close} className="shrink-0" aria-label={`${COMPANY_NAME} home`}>
          <Logo src={logoUrl} />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-[0.95rem] transition-colors hover:text-brand-700 ${isActive || isSectionOf(item.to, location.pathname) ? "font-bold text-brand-800" : "font-medium text-slate-700"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          ref={menuButton}
          type="button"
          className="rounded-md p-2 text-brand-800 hover:bg-brand-50 lg:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <Menu className="size-7" aria-hidden />
        </button>
      </div>

      <div
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        data-open={menuOpen}
        className="menu-overlay fixed inset-0 z-50 flex h-dvh flex-col bg-brand-900 text-white lg:hidden"
      >
        <div className="container-page flex h-16 items-center justify-between">
          <Link to="/" onClick={close} aria-label={`${COMPANY_NAME} home`} tabIndex={menuOpen ? 0 : -1}>
            <Logo src={logoUrl} light />
          </Link>
          <button
            ref={closeButton}
            type="button"
            className="rounded-md p-2 hover:bg-white/10"
            aria-label="Close menu"
            onClick={close}
            tabIndex={menuOpen ? 0 : -1}
          >
            <X className="size-7" aria-hidden />
          </button>
        </div>
        <nav aria-label="Mobile" className="container-page flex-1 overflow-y-auto pt-6">
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map((item, i) => (
              <li key={item.to} className="menu-link" style={{ "--i": i } as React.CSSProperties}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  onClick={close}
                  tabIndex={menuOpen ? 0 : -1}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-3 text-2xl ${isActive || isSectionOf(item.to, location.pathname) ? "font-bold text-accent-400" : "font-medium text-white hover:bg-white/10"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
