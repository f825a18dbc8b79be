import type { ReactNode } from "react";
import type { ToastInput } from "~/lib/web/toast";

/** The sign-in and first-administrator pages: a card on a plain background, outside the admin layout (spec §2). */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200">{children}</div>
    </main>
  );
}

/** Toasts need JavaScript; without it the same message stands in the card. */
export function NoScriptNotice({ toast }: { toast: ToastInput | null | undefined }) {
  if (!toast) return null;
  return (
    <noscript>
      <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
        <strong>{toast.title}</strong> {toast.description}
      </p>
    </noscript>
  );
}
