import { X } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { ToastInput } from "~/lib/web/toast";

interface ToastState extends ToastInput {
  id: number;
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

/** Shows one toast at a time: a new one replaces the one on screen (spec §4). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => setToast({ ...input, id: nextId.current++ }), []);

  useEffect(() => {
    if (!toast) return;
    // Only this toast ends: a new one asked for just as this one's time runs out may not be on screen yet (its
    // render, and with it this timer's cleanup, still to come), and must not be taken away with it.
    const { id } = toast;
    const timer = setTimeout(
      () => setToast((current) => (current?.id === id ? null : current)),
      toast.duration ?? 5000,
    );
    return () => clearTimeout(timer);
  }, [toast]);

  const tone =
    toast?.variant === "destructive"
      ? "border-red-800 bg-red-700 text-white"
      : toast?.variant === "success"
        ? "border-brand-700 bg-brand-700 text-white"
        : "border-slate-200 bg-white text-ink";

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        data-toast-region
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:inset-x-auto sm:end-0 sm:justify-end"
      >
        {toast ? (
          <div
            key={toast.id}
            role={toast.variant === "destructive" ? "alert" : "status"}
            data-testid="toast"
            data-variant={toast.variant ?? "default"}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${tone}`}
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => setToast(null)}
              className="rounded p-1 opacity-70 hover:opacity-100"
              aria-label="Close notification"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

/** Shows a toast whenever `toast` changes to a new object (for toasts that come back from a loader or action). */
export function useToastOnChange(toast: ToastInput | null | undefined) {
  const show = useToast();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
}
