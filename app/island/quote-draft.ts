import { lineField } from "~/features/request-quote/line-fields";
import { QUOTE_LIST_MAX } from "~/features/request-quote/quote-ids";

/**
 * What the buyer typed into the quote form, kept in this tab's sessionStorage (issue 23): a buyer who leaves to add
 * another product finds it again on coming back. Restored by the page's script, cleared once a request is sent
 * (the sent page's `data-clear-quote-draft`). sessionStorage, not localStorage: a name, an email and a phone number should
 * not outlive the tab on a shared computer. Product lines are kept by product id, as their positions change when
 * the list does.
 */
const KEY = "quote-draft";
const DETAILS = [
  "company",
  "full_name",
  "email",
  "phone",
  "country",
  "destination_port",
  "incoterm",
  "delivery_month",
  "message",
] as const;
const LINE_FIELDS = ["quantity", "unit", "grade", "packaging"] as const;
/** Longer than any field the form accepts; a value beyond it is not kept. */
const MAX_VALUE = 10_000;

type Fields = Record<string, string>;
interface Draft {
  details: Fields;
  lines: Record<string, Fields>;
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldOf(form: HTMLFormElement, name: string): FieldElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
    ? element
    : null;
}

/** Each line's position in the form, by product id. */
function linePositions(form: HTMLFormElement): Array<[string, number]> {
  return Array.from({ length: QUOTE_LIST_MAX }, (_, i) => [fieldOf(form, lineField("product_id", i))?.value, i]).filter(
    (entry): entry is [string, number] => !!entry[0],
  );
}

function readDraft(): Draft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Draft | null;
    return draft && typeof draft === "object" && draft.details && draft.lines ? draft : null;
  } catch {
    return null;
  }
}

function saveDraft(form: HTMLFormElement) {
  // Lines of products no longer on the form (another tab removed them) are kept for when they come back.
  const draft: Draft = { details: {}, lines: readDraft()?.lines ?? {} };
  const keep = (into: Fields, key: string, element: FieldElement | null) => {
    if (element && element.value.length <= MAX_VALUE) into[key] = element.value;
  };
  for (const name of DETAILS) keep(draft.details, name, fieldOf(form, name));
  for (const [id, i] of linePositions(form)) {
    const line: Fields = {};
    for (const name of LINE_FIELDS) keep(line, name, fieldOf(form, lineField(name, i)));
    draft.lines[id] = line;
  }
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the form works as before, it just forgets.
  }
}

/** Puts a value back, then tells listeners (the minimum-order hint) as typing would. */
function restore(element: FieldElement | null, value: string | undefined) {
  if (!element || typeof value !== "string" || element.value === value) return;
  if (element instanceof HTMLSelectElement && !Array.from(element.options).some((o) => o.value === value)) return;
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

function restoreDraft(form: HTMLFormElement) {
  const draft = readDraft();
  if (!draft) return;
  for (const name of DETAILS) restore(fieldOf(form, name), draft.details[name]);
  for (const [id, i] of linePositions(form)) {
    const line = draft.lines[id];
    if (line) for (const name of LINE_FIELDS) restore(fieldOf(form, lineField(name, i)), line[name]);
  }
}

/**
 * Keeps the quote form in the draft as the buyer types. `restoreTyped` is false when the server's answer already
 * shows what was sent (a refused request).
 */
export function keepQuoteDraft(form: HTMLFormElement, restoreTyped: boolean) {
  if (restoreTyped) restoreDraft(form);
  const save = () => saveDraft(form);
  form.addEventListener("input", save);
  form.addEventListener("change", save);
}

export function clearQuoteDraft() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
