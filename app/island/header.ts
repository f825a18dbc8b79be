import { inertOutside, keepTabInside } from "~/lib/modal-focus";

/**
 * The public pages' shell (components/site/header.tsx, chat-button.tsx): the header's shadow, the floating chat
 * button, and the phone menu as a modal dialog. Without this script the menu opens and closes as an in-page link
 * (`:target`, app.css), the header has no shadow and the chat button stays hidden (the footer's chat link serves).
 */
export function startHeader() {
  startScrollFlags();
  startMenu();
}

/** One passive listener: the header's shadow past 10 px, the chat button past 300 px (spec §2, §9). */
function startScrollFlags() {
  const header = document.querySelector<HTMLElement>("header[data-scrolled]");
  const chat = document.querySelector<HTMLElement>('[data-testid="chat-button"]');
  if (!header && !chat) return;
  const update = () => {
    const y = window.scrollY;
    const scrolled = String(y > 10);
    if (header && header.dataset.scrolled !== scrolled) header.dataset.scrolled = scrolled;
    if (chat && chat.hidden !== y <= 300) chat.hidden = y <= 300;
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
}

/**
 * The server's opener and Close are links (`#mobile-menu`, a fragment naming nothing); here they become the dialog's
 * buttons. Open, the menu is modal: the page behind it inert, Tab kept inside, Escape closes it, and closing gives
 * focus back to the opener. A link in it loads its page; the menu is closed as this one is left, so Back shows it
 * closed.
 */
function startMenu() {
  const menu = document.getElementById("mobile-menu");
  const opener = document.querySelector<HTMLElement>('[aria-controls="mobile-menu"]');
  const closer = menu?.querySelector<HTMLElement>("[data-menu-close]");
  if (!menu || !opener || !closer) return;
  // Opened by a tap before this script ran (the link's own `:target`): stay open, as the dialog.
  const openAlready = menu.matches(":target");
  menu.dataset.open = "false";
  opener.setAttribute("aria-expanded", "false");
  for (const button of [opener, closer]) {
    button.setAttribute("role", "button");
    // A link answers Enter only; a button Space too.
    button.addEventListener("keydown", (event) => {
      if (event.key !== " ") return;
      event.preventDefault();
      button.click();
    });
  }
  const desktop = window.matchMedia("(min-width: 64rem)");
  let close: (() => void) | null = null;

  const open = () => {
    if (close) return;
    menu.dataset.open = "true";
    opener.setAttribute("aria-expanded", "true");
    const restoreOutside = inertOutside(menu);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    closer.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close?.();
      else keepTabInside(menu, event);
    };
    // A window widened to the desktop layout (a tablet turned) hides the menu: close it, or the page stays inert.
    const onWiden = () => desktop.matches && close?.();
    document.addEventListener("keydown", onKey);
    desktop.addEventListener("change", onWiden);
    close = () => {
      close = null;
      menu.dataset.open = "false";
      opener.setAttribute("aria-expanded", "false");
      document.body.style.overflow = previousOverflow;
      document.removeEventListener("keydown", onKey);
      desktop.removeEventListener("change", onWiden);
      // First out of inert: an inert element cannot take focus.
      restoreOutside();
      opener.focus();
    };
  };

  opener.addEventListener("click", (event) => {
    event.preventDefault();
    open();
  });
  closer.addEventListener("click", (event) => {
    event.preventDefault();
    close?.();
  });
  window.addEventListener("pagehide", () => close?.());
  if (openAlready) {
    history.replaceState(history.state, "", location.pathname + location.search);
    if (!desktop.matches) open();
  }
}
