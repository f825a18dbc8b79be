/**
 * What a modal <dialog> gets from the browser, for a modal that is not one (the phone menu slides in and out with CSS
 * transitions, and lives in the header). `inertOutside` makes every element outside `modal` inert, so no link or
 * button behind it can take focus or be clicked, and returns the undo. `keepTabInside` sends Tab from the last stop
 * back to the first and Shift+Tab from the first to the last, instead of out to the browser's own controls.
 */
export function inertOutside(modal: Element): () => void {
  const madeInert: Element[] = [];
  for (let node: Element = modal; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute("inert") || sibling instanceof HTMLScriptElement) continue;
      sibling.setAttribute("inert", "");
      madeInert.push(sibling);
    }
  }
  return () => madeInert.forEach((element) => element.removeAttribute("inert"));
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex='0']";

export function keepTabInside(modal: Element, event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const stops = [...modal.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const inside = modal.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
