// Pictures on public pages: a picture that fails shows the placeholder (components/site/fallback-image.tsx marks
// them with `data-fallback`), and a product's thumbnails change its main picture (routes/site/product.tsx).

/** Shows an image's placeholder instead of its own, once (a placeholder that fails too stays as it is). */
function fallBack(img: HTMLImageElement) {
  const fallback = img.dataset.fallback;
  if (!fallback || img.getAttribute("src") === fallback) return;
  img.removeAttribute("srcset");
  img.src = fallback;
}

/**
 * A link that stands in for a button without JavaScript (it opens the full-size picture), turned into that button:
 * the same classes, name, data and content, so a screen reader hears what a click now does.
 */
export function buttonFor(link: HTMLAnchorElement) {
  const button = document.createElement("button");
  button.type = "button";
  for (const { name, value } of link.attributes) {
    if (name !== "href" && name !== "aria-current") button.setAttribute(name, value);
  }
  button.append(...link.childNodes);
  link.replaceWith(button);
  return button;
}

/** The main picture follows the thumbnail chosen, which is marked pressed. */
function startThumbnails() {
  const main = document.querySelector<HTMLImageElement>("[data-main-image]");
  const links = document.querySelectorAll<HTMLAnchorElement>("a[data-thumbnail]");
  if (!main || !links.length) return;
  const buttons = [...links].map((link) => {
    const button = buttonFor(link);
    button.setAttribute("aria-pressed", String(link.hasAttribute("aria-current")));
    button.addEventListener("click", () => {
      const picture = button.querySelector("img");
      main.src = link.getAttribute("href") ?? main.src;
      // The thumbnail's own variants (none when it fell back to the placeholder: the main picture then fails too).
      const srcset = picture?.getAttribute("srcset");
      if (srcset) main.srcset = srcset;
      else main.removeAttribute("srcset");
      main.alt = button.dataset.alt ?? main.alt;
      for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
    });
    return button;
  });
}

export function startImages() {
  // Capture: `error` does not bubble. Listening before the sweep misses none between the two.
  document.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.hasAttribute("data-fallback"))
        fallBack(event.target);
    },
    true,
  );
  // Pictures that failed before this script ran.
  for (const img of document.querySelectorAll<HTMLImageElement>("img[data-fallback][src]")) {
    if (img.complete && img.naturalWidth === 0) fallBack(img);
  }
  startThumbnails();
}
