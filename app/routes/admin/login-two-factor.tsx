import { ShieldCheck } from "lucide-react";
import { Link, redirect } from "react-router";
import { AuthCard, NoScriptNotice } from "~/components/admin/auth-card";
import { Field, SchemaForm, SubmitButton } from "~/components/forms";
import { codeForm } from "~/features/accounts/accounts.schema";
import { clearSecondStepCookie, completeSecondStep, readSecondStepToken } from "~/features/accounts/second-step.server";
import { peekToken } from "~/features/accounts/tokens.server";
import { safeAdminRedirect } from "~/features/auth/auth.schema";
import { sessionCookie } from "~/features/auth/session.server";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, formFailure, redirectWithToast, refuse } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { retryAfterHeaders } from "~/lib/web/retry-after";
import { getServices } from "~/services.server";
import type { Route } from "./+types/login-two-factor";

export const meta = () => [{ title: "Two-factor sign-in" }, { name: "robots", content: "noindex" }];

export const headers = retryAfterHeaders;

const EXPIRED = "/admin/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  // Only after a correct password: the password step left this short-lived token in a cookie.
  if (!(await peekToken(db, readSecondStepToken(request), "two-factor", now()))) throw redirect(EXPIRED);
  return { redirectTo: safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

const WRONG = "That code is not right. Try the newest code from your app.";
const SPENT = "Too many wrong codes for this sign-in. Sign in again with your password.";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp, now } = getServices(context);
  const form = await readFormData(request);
  const redirectTo = safeAdminRedirect(String(form.get("redirectTo") ?? ""));
  const submission = parseSubmission(form, codeForm.schema);
  if (!submission.ok) return formFailure(submission, codeForm.invalidToast(submission.errors));
  const token = readSecondStepToken(request);
  const result = await completeSecondStep(db, config, { token, code: submission.value.code, ip: clientIp }, now());
  switch (result.kind) {
    case "expired":
      throw redirect(EXPIRED);
    case "refused":
      return refuse(submission, { ok: false, title: "Code Not Accepted", message: result.message }, 429, {
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      });
    case "wrong": {
      if (!result.cookieSpent)
        return refuse(submission, { ok: false, title: "Code Not Accepted", message: WRONG }, 401);
      // The cookie is used up: back to the password step, saying why.
      const response = redirectWithToast(EXPIRED, errorToast("Code Not Accepted", SPENT));
      response.headers.append("Set-Cookie", clearSecondStepCookie(request, config.publicUrl));
      return response;
    }
  }
  const response = redirect(redirectTo);
  response.headers.append("Set-Cookie", sessionCookie(request, config.publicUrl, result.session));
  response.headers.append("Set-Cookie", clearSecondStepCookie(request, config.publicUrl));
  return response;
}

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard>
      <div className="mb-6 text-center">
        <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <ShieldCheck className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-brand-900">Two-factor sign-in</h1>
      </div>
      <SchemaForm of={codeForm} result={actionData} method="post" className="space-y-4">
        <NoScriptNotice toast={actionData?.toast} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          name="code"
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        />
        <SubmitButton pendingLabel="Checking..." className="w-full">
          Verify
        </SubmitButton>
      </SchemaForm>
      <p className="mt-6 text-center text-sm">
        <Link to="/admin/login" className="font-semibold text-brand-700 underline">
          Back to Admin Login
        </Link>
      </p>
    </AuthCard>
  );
}
