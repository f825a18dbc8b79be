import { showToast } from "./toasts";

/**
 * The public forms' checks before sending (contact, quote, sample), without zod: the server wrote each control's
 * messages, made by the form's schema in the page's language (`data-msg-*`, lib/forms/field-messages.ts), and the
 * refusal toast's texts on the form. A form that passes is sent as a plain POST, which the server checks again and
 * answers with a whole page; without JavaScript the browser's own constraints stand in (ADR 0058).
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

// The markup of components/forms/fields.tsx's ErrorList.
const ERROR_LIST_CLASS = "mt-1 space-y-0.5 text-sm text-red-600";

/** A control's message for what is wrong with its value, and whether it is the 'required' one; null when none. */
function problemOf(control: Control): { message: string; required: boolean } | null {
  const messages = control.dataset;
  const found = (message: string | undefined, required = false) => (message ? { message, required } : null);
  const value = control.value.trim();
  // A number the browser cannot read is sent empty: the server answers it as empty, so this does too.
  if (!value) return control.required ? found(messages.msgRequired, true) : null;
  const { validity } = control;
  const maxLength = "maxLength" in control ? control.maxLength : -1;
  if (maxLength >= 0 && value.length > maxLength) return found(messages.msgToolong);
  if (validity.typeMismatch) return found(messages.msgEmail);
  if (validity.rangeUnderflow) return found(messages.msgLow);
  if (validity.rangeOverflow) return found(messages.msgHigh);
  return null;
}

const errorId = (control: Control) => `${control.id || control.name}-error`;

function describedBy(control: Control, id: string, on: boolean) {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((one) => one && one !== id);
  // The message first, then the hint, as the server writes them.
  if (on) ids.unshift(id);
  if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
  else control.removeAttribute("aria-describedby");
}

function mark(control: Control, message: string) {
  const id = errorId(control);
  let list = document.getElementById(id);
  if (!list) {
    list = document.createElement("ul");
    list.id = id;
    list.className = ERROR_LIST_CLASS;
    // Under the field, after its hint: the field's box is the control's parent (fields.tsx's Shell).
    control.parentElement?.append(list);
  }
  const item = document.createElement("li");
  item.textContent = message;
  list.replaceChildren(item);
  control.setAttribute("aria-invalid", "true");
  describedBy(control, id, true);
}

function unmark(control: Control) {
  if (control.getAttribute("aria-invalid") !== "true") return;
  const id = errorId(control);
  document.getElementById(id)?.remove();
  control.removeAttribute("aria-invalid");
  describedBy(control, id, false);
}

const controlsOf = (form: HTMLFormElement) =>
  [...form.elements].filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement) &&
      !element.disabled &&
      element.type !== "hidden",
  );

/** Checks the form; on a refusal marks every field, focuses the first and says it in the toast. */
function refuse(form: HTMLFormElement): boolean {
  let first: Control | null = null;
  let firstMessage = "";
  let anyRequired = false;
  for (const control of controlsOf(form)) {
    const problem = problemOf(control);
    if (!problem) {
      unmark(control);
      continue;
    }
    mark(control, problem.message);
    anyRequired ||= problem.required;
    if (!first) {
      first = control;
      firstMessage = problem.message;
    }
  }
  if (!first) return false;
  first.focus();
  const { invalidTitle, requiredSentence } = form.dataset;
  showToast({
    title: invalidTitle ?? "",
    // The spec's toast: the sentence naming the required fields when one is empty, else the first message.
    description: anyRequired && requiredSentence ? requiredSentence : firstMessage,
    variant: "destructive",
  });
  return true;
}

const pending = new Map<HTMLButtonElement, Node[]>();

/** The button shows its pending label ("Sending...") and takes no second click until the page is left. */
function showPending(button: HTMLButtonElement) {
  const label = button.dataset.pendingLabel;
  if (!label || pending.has(button)) return;
  pending.set(button, [...button.childNodes]);
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  button.textContent = label;
}

/** A page shown again from the back/forward cache: its buttons as they were before sending. */
function resetPending() {
  for (const [button, children] of pending) {
    button.replaceChildren(...children);
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
  pending.clear();
}

function onSubmit(event: SubmitEvent) {
  const form = event.currentTarget as HTMLFormElement;
  const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  const button = submitter ?? form.querySelector<HTMLButtonElement>("button[type=submit][data-pending-label]");
  // Already on its way: a second click sends it twice.
  if (button && pending.has(button)) {
    event.preventDefault();
    return;
  }
  if (!submitter?.formNoValidate && refuse(form)) {
    event.preventDefault();
    return;
  }
  // After the browser has read the form: a disabled submitter would leave its name and value out of it.
  if (button) setTimeout(() => showPending(button));
}

function onEdit(event: Event) {
  const control = event.target as Control;
  // Typing clears the field's message; the next check (on sending) says what is still wrong.
  if (control.form?.hasAttribute("data-schema-form")) unmark(control);
}

export function startForms() {
  const forms = document.querySelectorAll<HTMLFormElement>("form[data-schema-form]");
  for (const form of forms) {
    form.noValidate = true;
    form.addEventListener("submit", onSubmit);
    form.addEventListener("input", onEdit);
    form.addEventListener("change", onEdit);
  }
  if (forms.length) addEventListener("pageshow", resetPending);
  // The server's refusal (its toast is the page's, app/island/toasts.ts): the reader starts at its first field.
  const refused = document.querySelector<HTMLElement>('form[data-schema-form] [aria-invalid="true"]');
  // A page that replaced its form with an answer (a sample request sent) starts at the answer's heading.
  const heading = document.querySelector<HTMLElement>("[data-focus-on-load]");
  if (refused) refused.focus();
  else if (heading) {
    scrollTo(0, 0);
    heading.focus();
  }
}
