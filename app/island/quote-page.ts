import { belowMinimumOrder, type MinimumOrder } from "~/features/request-quote/minimum-order";
import type { QuantityUnit } from "~/features/catalogue/trade-terms/vocabulary";
import { clearQuoteDraft, keepQuoteDraft } from "./quote-draft";
import { formatCount, refreshQuoteList, sendQuoteListForm } from "./quote-list";

// The Request a Quote page (routes/site/request-quote.tsx renders the markup): the draft, a line's Remove without
// leaving the page, and the minimum-order hint. Without JavaScript Remove is a post and a redirect, the hint static.

const BELOW_CLASS = ["rounded-md", "bg-amber-50", "px-3", "py-2", "text-amber-900"];

/**
 * The product's minimum order under its line turns into a warning while the quantity asked for is below it
 * (compared in tonnes where the units convert, minimum-order.ts). Both texts come from the server. The request may
 * still be sent.
 */
function watchMinimumOrder(hint: HTMLElement) {
  const line = hint.closest("li");
  if (!line || !hint.dataset.minimumOrder) return;
  const minimum = JSON.parse(hint.dataset.minimumOrder) as MinimumOrder;
  const texts = { hint: hint.textContent ?? "", below: hint.dataset.below ?? "" };
  let shown = false;
  const check = () => {
    const quantity = line.querySelector<HTMLInputElement>('input[name^="quantity_"]')?.value ?? "";
    const unit = line.querySelector<HTMLSelectElement>('select[name^="unit_"]')?.value as QuantityUnit | undefined;
    const below = !!unit && quantity.trim() !== "" && belowMinimumOrder(Number(quantity), unit, minimum);
    if (below === shown) return;
    shown = below;
    hint.textContent = below ? texts.below : texts.hint;
    hint.classList.toggle("text-muted", !below);
    for (const name of BELOW_CLASS) hint.classList.toggle(name, below);
  };
  check();
  line.addEventListener("input", check);
  line.addEventListener("change", check);
}

/**
 * Removes a line in place. Focus, on the pressed button gone with its line, would fall to <body> and send the buyer
 * back to the top: it moves to the Remove button of the line that took its place, else of the line above, else to
 * the empty list's heading. Only while focus is still nowhere else; the toast alone says what happened.
 */
async function removeLine(form: HTMLFormElement) {
  if (form.dataset.sending) return;
  form.dataset.sending = "true";
  const answer = await sendQuoteListForm(form);
  if (!answer) {
    form.submit();
    return;
  }
  delete form.dataset.sending;
  const id = form.dataset.removeQuoteLine ?? "";
  refreshQuoteList();
  if (answer.ids.includes(id)) return;
  const lines = [...document.querySelectorAll<HTMLElement>('[data-testid="quote-line"]')];
  const gone = lines.findIndex((line) => line.querySelector(`[data-remove-line="${CSS.escape(id)}"]`));
  if (gone < 0) return;
  lines[gone].remove();
  form.remove();
  lines.splice(gone, 1);
  const count = document.querySelector("[data-quote-lines-count]");
  if (count) count.textContent = formatCount(lines.length);
  let target: HTMLElement | null | undefined;
  if (lines.length) {
    target = (lines[gone] ?? lines[gone - 1]).querySelector<HTMLElement>("[data-remove-line]");
  } else {
    // The last line gone: the page as the server renders an empty list (its template).
    const empty = document.querySelector<HTMLTemplateElement>("template[data-quote-empty]");
    const section = empty?.parentElement;
    if (empty && section) {
      section.replaceChildren(empty.content.cloneNode(true));
      target = section.querySelector<HTMLElement>("h2");
      if (target) target.tabIndex = -1;
    }
  }
  const focused = document.activeElement;
  if (!focused || focused === document.body) target?.focus();
}

export function startQuotePage() {
  // The request was sent: what was typed for it is not offered again.
  if (document.querySelector("[data-clear-quote-draft]")) clearQuoteDraft();
  for (const hint of document.querySelectorAll<HTMLElement>("[data-minimum-order]")) watchMinimumOrder(hint);
  // After the hints: a restored quantity tells them, as typing would.
  const form = document.querySelector<HTMLFormElement>("form[data-quote-form]");
  if (form) keepQuoteDraft(form, form.dataset.restoreDraft === "true");
  document.addEventListener("submit", (event) => {
    const remove = event.target;
    if (!(remove instanceof HTMLFormElement) || !remove.matches("form[data-remove-quote-line]")) return;
    event.preventDefault();
    void removeLine(remove);
  });
}
