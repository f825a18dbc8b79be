import { Lock } from "lucide-react";
import { useEffect } from "react";
import { data, Form, redirect, useNavigate, useNavigation } from "react-router";
import { useToast, useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { loginSchema, safeAdminRedirect } from "~/features/auth/auth.schema";
import { attemptLogin } from "~/features/auth/login.server";
import { getSessionUser, readSessionToken, sessionCookie } from "~/features/auth/session.server";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/login";

export const meta = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];

const ACCESS_DENIED: ToastInput = {
  title: "Access Denied",
  description: "You do not have administrative privileges.",
  variant: "destructive",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const url = new URL(request.url);
  const token = readSessionToken(request);
  const user = token ? await getSessionUser(db, token) : null;
  if (user?.role === "admin") throw redirect(safeAdminRedirect(url.searchParams.get("redirectTo")));
  return {
    denied: url.searchParams.get("denied") === "1",
    redirectTo: safeAdminRedirect(url.searchParams.get("redirectTo")),
  };
}

// A throttled attempt tells the client when to try again.
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : loaderHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp } = getServices(context);
  const form = await readFormData(request);
  const redirectTo = safeAdminRedirect(String(form.get("redirectTo") ?? ""));
  const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) {
    return data(
      {
        ok: false as const,
        toast: {
          title: "Login Failed",
          description: "Invalid email or password.",
          variant: "destructive",
        } satisfies ToastInput,
      },
      { status: 400 },
    );
  }
  const result = await attemptLogin(db, { ...parsed.data, ip: clientIp });
  switch (result.kind) {
    case "throttled": {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      const toast: ToastInput = {
        title: "Login Failed",
        description: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        variant: "destructive",
      };
      return data(
        { ok: false as const, toast },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    case "invalid":
      return data(
        {
          ok: false as const,
          toast: {
            title: "Login Failed",
            description: "Invalid email or password.",
            variant: "destructive",
          } satisfies ToastInput,
        },
        { status: 401 },
      );
    case "not-admin":
      return data({ ok: false as const, toast: ACCESS_DENIED }, { status: 403 });
    case "ok": {
      const toast: ToastInput = {
        title: "Login Successful",
        description: `Welcome back${result.fullName ? `, ${result.fullName}` : ""}!`,
        variant: "success",
        duration: 2000,
      };
      return data(
        { ok: true as const, toast, redirectTo },
        { headers: { "Set-Cookie": sessionCookie(request, config.publicUrl, result.token) } },
      );
    }
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const showToast = useToast();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  useToastOnChange(actionData?.toast);

  useEffect(() => {
    if (loaderData.denied) showToast(ACCESS_DENIED);
  }, [loaderData.denied, showToast]);

  // Spec §4: the success notice shows, then the dashboard (or the page the visitor came from) after 1.5 s.
  useEffect(() => {
    if (!actionData?.ok) return;
    const timer = setTimeout(() => navigate(actionData.redirectTo, { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 p-4">
      {actionData?.ok ? (
        <noscript>
          <meta httpEquiv="refresh" content={`1;url=${actionData.redirectTo}`} />
        </noscript>
      ) : null}
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Lock className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold text-brand-900">Admin Login</h1>
        </div>
        {actionData?.ok ? (
          <p role="status" className="rounded-md bg-brand-50 p-3 text-center text-sm text-brand-800">
            {actionData.toast.title}. Taking you to the dashboard…
          </p>
        ) : null}
        {/* Toasts need JavaScript; without it the same message stands in the card. */}
        <noscript>
          {(actionData && !actionData.ok) || loaderData.denied ? (
            <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
              <strong>{actionData && !actionData.ok ? actionData.toast.title : ACCESS_DENIED.title}</strong>{" "}
              {actionData && !actionData.ok ? actionData.toast.description : ACCESS_DENIED.description}
            </p>
          ) : null}
        </noscript>
        <Form method="post" className="space-y-4" replace>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <div>
            <label htmlFor="email" className="mb-1 block text-sm font-medium text-slate-700">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              required
              autoComplete="username"
              className="w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
          </div>
          <div>
            <label htmlFor="password" className="mb-1 block text-sm font-medium text-slate-700">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className="w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {submitting ? "Logging in..." : "Login"}
          </button>
        </Form>
        <p className="mt-6 text-center text-xs text-muted">This area is restricted. For authorized personnel only.</p>
      </div>
    </main>
  );
}
