import { useToastOnChange } from "~/components/ui/toast";
import type { ToastInput } from "~/lib/web/toast";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The toast a redirect brought (post/redirect/get). With JavaScript it is the usual toast; without, the server's
 * page says it in a line under the header, hidden once React has hydrated (as the contact form's success line).
 */
export function FlashNotice({ toast }: { toast: ToastInput | null }) {
  const hydrated = useHydrated();
  useToastOnChange(toast);
  if (!toast || hydrated) return null;
  const tone = toast.variant === "destructive" ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-800";
  return (
    <div role={toast.variant === "destructive" ? "alert" : "status"} data-testid="flash-notice" className={tone}>
      <p className="container-page py-3 text-sm">
        <strong>{toast.title}</strong>
        {toast.description ? ` ${toast.description}` : null}
      </p>
    </div>
  );
}
