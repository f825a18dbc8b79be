import { parseQuoteIds, quoteListValue } from "~/features/request-quote/quote-ids";
import type { ToastInput } from "~/lib/web/toast";
import { showToast } from "./toasts";

// The buyer's quote list on public pages (components/site/quote-list.tsx renders the markup). The server's HTML is
// the same for everyone (cached, ADR 0018) and never says whose list: the list is read here, from the cookie.

/** What the forms' `data-answer` address says (routes/resources/quote-list.ts). */
export interface QuoteListAnswer {
  toast: ToastInput;
  ids: string[];
}

const pageLanguage = () => document.documentElement.lang || "en";

/** A number in the page's digits, as lib/i18n/numbers.ts writes it on the server. */
export const formatCount = (count: number, lang = pageLanguage()) =>
  new Intl.NumberFormat(lang === "en" ? "en-US" : lang, { maximumFractionDigits: 3 }).format(count);

/** The badge's name for `count` from the server's plural forms (`data-count-forms`), picked as `t` picks them. */
export function countLabel(forms: Record<string, string | undefined>, count: number, lang: string) {
  const form = forms[count === 0 && forms.zero ? "zero" : new Intl.PluralRules(lang).select(count)] ?? forms.other;
  return form?.replace("{count}", formatCount(count, lang));
}

const readIds = () => parseQuoteIds(quoteListValue(document.cookie));

/**
 * Sends a quote list form (add or remove) to its JSON answer (`data-answer`, in the page's language) and shows its
 * toast; null when it could not be had (offline, refused): the caller then sends the form as a browser without
 * JavaScript would.
 */
export async function sendQuoteListForm(form: HTMLFormElement): Promise<QuoteListAnswer | null> {
  if (!form.dataset.answer) return null;
  try {
    const response = await fetch(form.dataset.answer, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as QuoteListAnswer;
    showToast(answer.toast);
    return answer;
  } catch {
    return null;
  }
}

/** The header's count and its name ("Quote list, 2 products"), in the plural form the page's language uses. */
function showCount(count: number) {
  for (const badge of document.querySelectorAll<HTMLElement>("[data-quote-badge]")) {
    const label = countLabel(JSON.parse(badge.dataset.countForms ?? "{}"), count, pageLanguage());
    if (label) badge.setAttribute("aria-label", label);
    const number = badge.querySelector<HTMLElement>("[data-quote-count]");
    if (number) {
      number.textContent = count ? formatCount(count) : "";
      number.hidden = count === 0;
    }
  }
}

/** Puts the form's template link (to the quote list) in its place; "Added to Quote" for the one just pressed. */
function swap(form: HTMLFormElement, added: boolean): HTMLAnchorElement | null {
  const link = form.querySelector("template")?.content.firstElementChild?.cloneNode(true);
  if (!(link instanceof HTMLAnchorElement)) return null;
  const label = link.querySelector("[data-label]");
  if (added && label && form.dataset.addedLabel) label.textContent = form.dataset.addedLabel;
  form.replaceWith(link);
  return link;
}

/** The count and the buttons as the cookie says: on start, and whenever this tab is shown again (another may have changed it). */
export function refreshQuoteList() {
  const ids = readIds();
  showCount(ids.length);
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-add-to-quote]"))
    if (ids.includes(form.dataset.addToQuote ?? "")) swap(form, false);
}

function setBusy(form: HTMLFormElement, busy: boolean) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.querySelector("[data-label]");
  if (!button || !label) return;
  if (busy) {
    button.dataset.idleLabel = label.textContent ?? "";
    label.textContent = button.dataset.busyLabel ?? "";
    button.setAttribute("aria-disabled", "true");
    button.setAttribute("aria-busy", "true");
  } else {
    label.textContent = button.dataset.idleLabel ?? label.textContent;
    button.removeAttribute("aria-disabled");
    button.removeAttribute("aria-busy");
  }
}

async function add(form: HTMLFormElement) {
  // Sent once: a second press while it is on its way does nothing (the button keeps focus, so it stays enabled).
  if (form.dataset.sending) return;
  form.dataset.sending = "true";
  setBusy(form, true);
  const answer = await sendQuoteListForm(form);
  if (!answer) {
    // The server's answer could not be had here: the plain post gets the page and its notice instead.
    form.submit();
    return;
  }
  const productId = form.dataset.addToQuote ?? "";
  delete form.dataset.sending;
  setBusy(form, false);
  showCount(answer.ids.length);
  if (!answer.ids.includes(productId)) return;
  // The button pressed is replaced by the link: focus moves to it rather than falling to <body>, which would send a
  // keyboard or screen-reader user back to the top. Only when focus is still with us.
  const hadFocus = form.contains(document.activeElement);
  const link = swap(form, true);
  const focused = document.activeElement;
  if (link && (hadFocus || !focused || focused === document.body)) link.focus();
  // The same product's other form (the product page has two, one per width) says so too.
  refreshQuoteList();
}

export function startQuoteList() {
  if (!document.querySelector("[data-quote-badge], form[data-add-to-quote]")) return;
  refreshQuoteList();
  window.addEventListener("pageshow", refreshQuoteList);
  window.addEventListener("focus", refreshQuoteList);
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches("form[data-add-to-quote]")) return;
    event.preventDefault();
    void add(form);
  });
}
