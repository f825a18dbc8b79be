import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A client-side navigation replaces the page without loading one, so a screen reader says nothing and focus stays
 * on the link that was followed (or falls to <body>). Once the new page is shown, this reads its title from a polite
 * live region and moves focus to its content (`contentId`, a <main tabIndex={-1}>), so the next Tab starts there.
 * Focus moves without scrolling: ScrollRestoration has put the window at the top (or back where it was, on Back).
 */
export function RouteAnnouncer({ contentId }: { contentId: string }) {
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const shown = useRef(page);
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    // <title> is rendered in the same commit as the page, so it already names the new one.
    if (region.current) region.current.textContent = document.title;
    document.getElementById(contentId)?.focus({ preventScroll: true });
  }, [page, contentId]);
  return <p ref={region} aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer" />;
}
