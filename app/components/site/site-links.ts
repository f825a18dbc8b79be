/*
 * The header and footer repeat the same eight links on every public page. They are plain anchors: public pages run
 * no client-side router (ADR 0058), so every link is a page load, served from the page cache. React Router's <Link>
 * and <NavLink> also cost about a sixth of an uncached page's render (ADR 0019).
 */

/** True when a navigation item is the page shown, or the section it belongs to (category and product pages are "Our Products"). */
export function isCurrentSection(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  if (to === "/") return path === "/";
  if (to === "/our-products" && path.startsWith("/products/")) return true;
  return path === to || path.startsWith(`${to}/`);
}
