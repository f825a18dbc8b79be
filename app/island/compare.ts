import { COMPARE_MAX, comparePath, parseCompareIds } from "~/features/catalogue/compare-ids";
import { formatCount } from "./quote-list";
import { showToast } from "./toasts";

// 'Compare' on public pages (issue 43; components/site/compare-link.tsx renders the links). The visitor's choice is
// kept in this browser alone (localStorage): the pages stay the same for everyone. Each 'Compare' link becomes a
// toggle of the list, and a bar 'Compare (n)' leads to the comparison. Without JavaScript each link is a plain link
// to the comparison of its product.

const KEY = "compare-products";
const LINKS = "a[data-compare]";

function readIds(): string[] {
  try {
    return parseCompareIds(localStorage.getItem(KEY)).slice(0, COMPARE_MAX);
  } catch {
    return [];
  }
}

function writeIds(ids: readonly string[]) {
  try {
    if (ids.length) localStorage.setItem(KEY, ids.join(","));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window's quota): the links still lead to the comparison of the one product.
  }
}

/** The bar, made once from the first link's texts; on the comparison itself there is none (the table is the list). */
function bar(link: HTMLAnchorElement): HTMLAnchorElement {
  let element = document.querySelector<HTMLAnchorElement>("a[data-compare-bar-link]");
  if (!element) {
    element = document.createElement("a");
    element.dataset.compareBarLink = "";
    element.dataset.testid = "compare-bar";
    element.setAttribute("data-testid", "compare-bar");
    element.className =
      "fixed start-4 bottom-24 z-40 rounded-full bg-brand-800 px-5 py-3 text-sm font-bold text-white shadow-lg ring-2 ring-white hover:bg-brand-900 lg:bottom-6 print:hidden";
    element.dataset.template = link.dataset.compareBar ?? "";
    element.dataset.page = link.dataset.comparePage ?? "/compare";
    document.body.append(element);
  }
  return element;
}

function refresh() {
  const ids = readIds();
  const links = [...document.querySelectorAll<HTMLAnchorElement>(LINKS)];
  for (const link of links) link.setAttribute("aria-pressed", String(ids.includes(link.dataset.compare ?? "")));
  if (!links.length) return;
  const element = bar(links[0]);
  element.hidden = ids.length === 0;
  element.textContent = (element.dataset.template ?? "").replace("{number}", formatCount(ids.length));
  const page = element.dataset.page ?? "/compare";
  element.href = page + comparePath(ids).slice("/compare".length);
}

function toggle(link: HTMLAnchorElement) {
  const id = link.dataset.compare ?? "";
  const ids = readIds();
  if (ids.includes(id)) writeIds(ids.filter((other) => other !== id));
  else if (ids.length >= COMPARE_MAX) {
    showToast({ title: link.dataset.compareFull ?? "", variant: "destructive" });
    return;
  } else writeIds([...ids, id]);
  refresh();
}

export function startCompare() {
  // The comparison page: what it shows is the list from now on (its Remove and Add are real page loads).
  const page = document.querySelector<HTMLElement>("section[data-compare-list]");
  if (page) writeIds(parseCompareIds(page.dataset.compareList).slice(0, COMPARE_MAX));
  if (!document.querySelector(LINKS)) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>(LINKS)) link.setAttribute("role", "button");
  refresh();
  window.addEventListener("pageshow", refresh);
  // Another tab changed the list.
  window.addEventListener("storage", (event) => {
    if (event.key === KEY) refresh();
  });
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(LINKS) : null;
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    toggle(link);
  });
  // A button is pressed with Space as well as Enter.
  document.addEventListener("keydown", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(LINKS) : null;
    if (!link || event.key !== " ") return;
    event.preventDefault();
    toggle(link);
  });
}
