import type { ToastInput } from "~/lib/web/toast";

// The markup of components/ui/toast.tsx, which renders the empty region on the server: one toast at a time, a new
// one replacing the one on screen, gone after its duration (spec §4, §9).
const TONE = {
  destructive: "border-red-800 bg-red-700 text-white",
  success: "border-brand-700 bg-brand-700 text-white",
  default: "border-slate-200 bg-white text-ink",
} as const;
const CLOSE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-4" aria-hidden="true"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>';

let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast in the page's region (the server's, in every public page). */
export function showToast(toast: ToastInput) {
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  if (!region) return;
  const variant = toast.variant ?? "default";
  const box = element(
    "div",
    `pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${TONE[variant]}`,
  );
  box.setAttribute("role", variant === "destructive" ? "alert" : "status");
  box.dataset.testid = "toast";
  box.dataset.variant = variant;
  const text = box.appendChild(element("div", "min-w-0 flex-1"));
  text.appendChild(element("p", "text-sm font-semibold")).textContent = toast.title;
  if (toast.description) text.appendChild(element("p", "mt-1 text-sm opacity-90")).textContent = toast.description;
  const close = box.appendChild(element("button", "rounded p-1 opacity-70 hover:opacity-100"));
  close.type = "button";
  close.setAttribute("aria-label", "Close notification");
  close.innerHTML = CLOSE_ICON;
  close.addEventListener("click", () => box.remove());
  region.replaceChildren(box);
  clearTimeout(timer);
  timer = setTimeout(() => box.remove(), toast.duration ?? 5000);
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string) {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

/**
 * The toasts the server put in the page (components/site/page-toast.tsx): a loader's notice, or a redirect's flash,
 * whose line under the header is for a browser without JavaScript and goes once the toast says it.
 */
export function startToasts() {
  for (const source of document.querySelectorAll<HTMLElement>("[data-page-toast]")) {
    showToast(JSON.parse(source.dataset.pageToast ?? "") as ToastInput);
    if (source.hasAttribute("data-flash")) source.remove();
  }
}
