import { Lock } from "lucide-react";
import { useEffect } from "react";
import { data, Link, redirect, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import { AuthCard, NoScriptNotice } from "~/components/admin/auth-card";
import { Field, SchemaForm, SubmitButton } from "~/components/forms";
import { useToast, useToastOnChange } from "~/components/ui/toast";
import type { ToastInput } from "~/lib/web/toast";
import { clearFlashCookie, readFlash } from "~/lib/web/flash.server";
import { loginForm, safeAdminRedirect, withoutPasswords } from "~/features/auth/auth.schema";
import { attemptLogin } from "~/features/auth/login.server";
import { secondStepCookie } from "~/features/accounts/second-step.server";
import { issueToken } from "~/features/accounts/tokens.server";
import { hasKeptSubmission } from "~/features/auth/form-stash.server";
import { getSessionUser, readSessionToken, sessionCookie } from "~/features/auth/session.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, refuse } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { getServices } from "~/services.server";
import type { Route } from "./+types/login";
import { retryAfterHeaders } from "~/lib/web/retry-after";

export const meta = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];

const ACCESS_DENIED = { title: "Access Denied", message: "You do not have administrative privileges." };
const accessDeniedToast: ToastInput = {
  title: ACCESS_DENIED.title,
  description: ACCESS_DENIED.message,
  variant: "destructive",
};
/** Spec §4 and §9: the success notice lasts 2 s; the dashboard follows after 1.5 s. */
const LOGIN_SUCCESS: ToastInput = {
  title: "Login Successful",
  description: "Welcome back! Taking you to the dashboard…",
  variant: "success",
  duration: 2000,
};
const LOGIN_REDIRECT_DELAY_MS = 1500;
const SECOND_STEP = "/admin/login/two-factor";
const SESSION_EXPIRED_KEPT = "Your session has expired. Sign in again; your changes are kept.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const url = new URL(request.url);
  const token = readSessionToken(request);
  const user = token ? await getSessionUser(db, token) : null;
  if (user?.role === "admin") throw redirect(safeAdminRedirect(url.searchParams.get("redirectTo")));
  // A toast from a page that signed the administrator out (their own role changed to user).
  const flash = readFlash(request);
  return data(
    {
      denied: url.searchParams.get("denied") === "1",
      redirectTo: safeAdminRedirect(url.searchParams.get("redirectTo")),
      // After a new password is set, the form comes with its email filled in.
      email: url.searchParams.get("email")?.slice(0, 254) ?? "",
      // A form was sent after the session ran out and is kept (ADR 0036): say why they are here, and that it is safe.
      kept: await hasKeptSubmission(db, request, now()),
      flash,
    },
    flash ? { headers: { "Set-Cookie": clearFlashCookie() } } : undefined,
  );
}

export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp, now } = getServices(context);
  const form = await readFormData(request);
  const redirectTo = safeAdminRedirect(String(form.get("redirectTo") ?? ""));
  const submission = parseSubmission(form, loginForm.schema);
  if (!submission.ok) return formFailure(withoutPasswords(submission), loginForm.invalidToast(submission.errors));
  const typed = withoutPasswords(submission);
  const result = await attemptLogin(db, { ...submission.value, ip: clientIp }, now());
  switch (result.kind) {
    case "throttled": {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      const message = `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
      return refuse(typed, { ok: false, title: "Login Failed", message }, 429, {
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      });
    }
    case "invalid":
      return refuse(typed, { ok: false, title: "Login Failed", message: "Invalid email or password." }, 401);
    case "not-admin":
      return refuse(typed, { ok: false, ...ACCESS_DENIED }, 403);
    case "two-factor": {
      // The password was right; the session waits for the code (a short-lived token in its own cookie).
      const token = await issueToken(db, result.userId, "two-factor", now());
      const response = redirect(`${SECOND_STEP}?redirectTo=${encodeURIComponent(redirectTo)}`);
      response.headers.append("Set-Cookie", secondStepCookie(request, config.publicUrl, token));
      return response;
    }
    case "ok": {
      // Without JavaScript the browser follows at once; with it, clientAction holds the redirect for the notice.
      const response = redirect(redirectTo);
      response.headers.append("Set-Cookie", sessionCookie(request, config.publicUrl, result.token));
      return response;
    }
  }
}

/**
 * Signed in: the server's redirect arrives here as a thrown response. It becomes the page's answer, so the success
 * notice shows and the page moves on 1.5 s later (spec §4).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (answer) {
    if (answer instanceof Response && answer.headers.get("Location")?.startsWith(SECOND_STEP)) throw answer;
    if (answer instanceof Response && answer.status >= 300 && answer.status < 400)
      return { ok: true as const, redirectTo: answer.headers.get("Location") ?? "/admin/dashboard" };
    throw answer;
  }
}

// Signed in, the login's loader would redirect at once: the notice holds the page until the timer moves on.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.ok ? false : defaultShouldRevalidate;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const showToast = useToast();
  const signedIn = actionData?.ok ? actionData : null;
  useToastOnChange(loaderData.flash);

  useEffect(() => {
    if (loaderData.denied) showToast(accessDeniedToast);
  }, [loaderData.denied, showToast]);

  useEffect(() => {
    if (!signedIn) return;
    showToast(LOGIN_SUCCESS);
    const timer = setTimeout(() => navigate(signedIn.redirectTo, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate, showToast]);

  const refused = actionData && !actionData.ok ? actionData.toast : null;
  return (
    <AuthCard>
      <div className="mb-6 text-center">
        <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <Lock className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-brand-900">Admin Login</h1>
      </div>
      {loaderData.kept ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {SESSION_EXPIRED_KEPT}
        </p>
      ) : null}
      <NoScriptNotice toast={refused ?? (loaderData.denied ? accessDeniedToast : null)} />
      <SchemaForm of={loginForm} result={actionData} method="post" className="space-y-4" replace>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field name="email" label="Email" type="email" autoComplete="username" defaultValue={loaderData.email} />
        <Field name="password" label="Password" type="password" autoComplete="current-password" />
        <p className="text-right text-sm">
          <Link to="/admin/forgot-password" className="font-medium text-brand-700 underline">
            Forgot password?
          </Link>
        </p>
        <SubmitButton pendingLabel="Logging in..." disabled={!!signedIn} className="w-full">
          {signedIn ? "Logging in..." : "Login"}
        </SubmitButton>
      </SchemaForm>
      <p className="mt-6 text-center text-xs text-muted">This area is restricted. For authorized personnel only.</p>
    </AuthCard>
  );
}
