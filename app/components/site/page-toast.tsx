import type { ToastInput } from "~/lib/web/toast";

/**
 * A notice the page's loader made (its content could not be read), shown as a toast by the public pages' script
 * (app/island/toasts.ts). The data attribute is the whole hand-over: the page writes no loader data for a script.
 */
export function PageToast({ toast }: { toast: ToastInput | null | undefined }) {
  return toast ? <span hidden data-page-toast={JSON.stringify(toast)} /> : null;
}
