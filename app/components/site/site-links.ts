import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/*
 * The header and footer repeat the same eight links on every public page. React Router's <Link> and <NavLink>
 * resolve their path, the active state and a click handler of their own at each render: about a sixth of an
 * uncached page's render time (ADR 0019). These paths are absolute, so the chrome uses plain anchors that share
 * one click handler instead; `data-discover` lets React Router fetch their routes ahead of the click, as it does
 * for a <Link>.
 */

/** The attributes that make an anchor to one of our own pages behave like a <Link>. */
export const DISCOVER = { "data-discover": "true" } as const;

/**
 * A click handler for anchors to our own pages: a plain left click navigates in the app (replacing the history
 * entry when the link is to the page already shown); a modified click, a middle click or another target is left to
 * the browser.
 */
export function useFollowLink(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event) => {
      const anchor = event.currentTarget;
      const target = anchor.getAttribute("target");
      if (event.defaultPrevented || event.button !== 0 || (target && target !== "_self")) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      const to = anchor.getAttribute("href") ?? "/";
      const shown = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: shown === to });
    },
    [navigate],
  );
}

/** True when a navigation item is the page shown, or the section it belongs to (category and product pages are "Our Products"). */
export function isCurrentSection(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  if (to === "/") return path === "/";
  if (to === "/our-products" && path.startsWith("/products/")) return true;
  return path === to || path.startsWith(`${to}/`);
}
