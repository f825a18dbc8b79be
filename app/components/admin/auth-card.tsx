import type { ReactNode } from "react";
import { Link } from "react-router";
import { Field } from "~/components/forms";
import { MIN_PASSWORD_LENGTH } from "~/features/auth/auth.schema";
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

/** A one-time link that is unknown, used or expired: said plainly, with the way to the login. */
export function LinkNotValid({ message }: { message: string }) {
  return (
    <div className="mt-6 space-y-4 text-center">
      <p className="text-muted">{message}</p>
      <Link to="/admin/login" className="font-semibold text-brand-700 underline">
        Go to Admin Login
      </Link>
    </div>
  );
}

/** A new password typed twice (the setup link's, an invitation's and a reset's forms). */
export function NewPasswordFields() {
  return (
    <>
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <Field name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
    </>
  );
}
