import { data, redirect } from "react-router";
import { pageFromParam } from "./pagination";
import { sameOriginPath } from "~/lib/same-origin";

/**
 * The page that `?page=` asks for. Page 1 has one URL, the bare one: `?page=1` (an old link, a hand-edited URL) is
 * sent there for good (301) rather than served as a second copy, so crawlers and shares converge on one address. A
 * value that names no page (`0`, `abc`) is a 404, not a redirect: a redirect would hide the bad link from whoever
 * made it and show crawlers page 1 under many addresses. The caller answers 404 past the last page the same way.
 */
export function requestedPage(request: Request): number {
  const url = new URL(request.url);
  const param = url.searchParams.get("page");
  if (param === "1") {
    url.searchParams.delete("page");
    throw redirect(sameOriginPath(url.pathname + url.search, url.origin) ?? "/", 301);
  }
  const page = pageFromParam(param);
  if (!page) throw data("Not Found", { status: 404 });
  return page;
}
