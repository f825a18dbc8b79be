import { buttonFor } from "./images";

// The gallery's viewer (components/site/gallery-viewer.tsx renders it closed and empty, routes/site/gallery.tsx the
// links that open it): a modal <dialog>, which keeps focus inside and closes on Escape; 'Previous', 'Next', the
// arrow keys and swipe step through the pictures and wrap around at either end. Closing puts focus on the picture
// last shown, which may not be the one that opened it.

/** Horizontal travel, in CSS pixels, that makes a swipe (more than the vertical, so a scroll is not one). */
const SWIPE = 40;

export function startGallery() {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-gallery-viewer]");
  const links = document.querySelectorAll<HTMLAnchorElement>("a[data-gallery-open]");
  if (!dialog || !links.length) return;
  const image = dialog.querySelector("img")!;
  const caption = dialog.querySelector("figcaption")!;
  const position = dialog.querySelector<HTMLElement>("[data-testid=viewer-position]");
  const rtl = document.documentElement.dir === "rtl";
  const openers = [...links].map(buttonFor);
  let shown = 0;

  function show(index: number) {
    shown = (index + openers.length) % openers.length;
    const opener = openers[shown]!;
    const picture = opener.querySelector("img");
    const title = opener.querySelector<HTMLElement>("[data-title]");
    // The grid's own picture: its variants, its description, or the placeholder it fell back to.
    image.src = picture?.getAttribute("src") ?? "";
    const srcset = picture?.getAttribute("srcset");
    if (srcset) image.srcset = srcset;
    else image.removeAttribute("srcset");
    image.alt = title?.textContent ?? picture?.alt ?? "";
    caption.textContent = title?.textContent ?? "";
    caption.hidden = !title;
    // A title shown in English where the page's language has none says so (lang and dir), as in the grid.
    for (const name of ["lang", "dir"]) {
      const value = title?.getAttribute(name);
      if (value) caption.setAttribute(name, value);
      else caption.removeAttribute(name);
    }
    dialog!.setAttribute("aria-label", title?.textContent || dialog!.dataset.label || "");
    if (position) position.textContent = opener.dataset.position ?? "";
  }

  openers.forEach((opener, index) =>
    opener.addEventListener("click", () => {
      show(index);
      dialog.showModal();
    }),
  );
  dialog.addEventListener("close", () => {
    // After the dialog gives focus back to the opener it was opened from.
    requestAnimationFrame(() => openers[shown]?.focus());
  });
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    // A click on the backdrop lands on the dialog element itself, outside its content.
    if (target === dialog || target.closest("[data-viewer-close]")) dialog.close();
    const step = target.closest<HTMLElement>("[data-viewer-step]");
    if (step) show(shown + Number(step.dataset.viewerStep));
  });
  dialog.addEventListener("keydown", (event) => {
    // "Forward" on screen: right in a left-to-right page, left in a right-to-left one.
    if ((event.key !== "ArrowLeft" && event.key !== "ArrowRight") || openers.length < 2) return;
    event.preventDefault();
    show(shown + ((event.key === "ArrowRight") !== rtl ? 1 : -1));
  });

  let start: { x: number; y: number } | null = null;
  image.addEventListener("pointerdown", (event) => (start = { x: event.clientX, y: event.clientY }));
  image.addEventListener("pointercancel", () => (start = null));
  image.addEventListener("pointerup", (event) => {
    const from = start;
    start = null;
    if (!from || openers.length < 2) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
    // A finger moving towards the start of the line brings the next picture, as pages turn in that script.
    show(shown + (dx < 0 !== rtl ? 1 : -1));
  });
}
