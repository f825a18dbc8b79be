import type { ToastInput } from "~/lib/web/toast";

/**
 * The toast a redirect brought (post/redirect/get): a line under the header, which the public pages' script turns
 * into the usual toast (app/island/toasts.ts); without JavaScript the line stays.
 */
export function FlashNotice({ toast }: { toast: ToastInput | null }) {
  if (!toast) return null;
  const tone = toast.variant === "destructive" ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-800";
  return (
    <div
      role={toast.variant === "destructive" ? "alert" : "status"}
      data-testid="flash-notice"
      data-page-toast={JSON.stringify(toast)}
      data-flash=""
      className={tone}
    >
      <p className="container-page py-3 text-sm">
        <strong>{toast.title}</strong>
        {toast.description ? ` ${toast.description}` : null}
      </p>
    </div>
  );
}
