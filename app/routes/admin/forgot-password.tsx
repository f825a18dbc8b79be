import { KeyRound } from "lucide-react";
import { Link } from "react-router";
import { AuthCard, NoScriptNotice } from "~/components/admin/auth-card";
import { Field, SchemaForm, SubmitButton } from "~/components/forms";
import { FORGOT_ANSWER, forgotForm } from "~/features/accounts/accounts.schema";
import { requestPasswordReset } from "~/features/accounts/password-links.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, refuse } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { retryAfterHeaders } from "~/lib/web/retry-after";
import { getServices } from "~/services.server";
import type { Route } from "./+types/forgot-password";

export const meta = () => [{ title: "Forgot password?" }, { name: "robots", content: "noindex" }];

export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp, now } = getServices(context);
  const submission = parseSubmission(await readFormData(request), forgotForm.schema);
  if (!submission.ok) return formFailure(submission, forgotForm.invalidToast(submission.errors));
  const result = await requestPasswordReset(db, config, { email: submission.value.email, ip: clientIp }, now());
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    const message = `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    return refuse(submission, { ok: false, title: "Request Not Sent", message }, 429, {
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  // The same answer whether or not the account exists.
  return { ok: true as const, sent: true };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const sent = actionData?.ok ? actionData : null;
  return (
    <AuthCard>
      <div className="mb-6 text-center">
        <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <KeyRound className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-bold text-brand-900">Forgot password?</h1>
      </div>
      {sent ? (
        <p role="status" className="rounded-md bg-brand-50 p-4 text-sm text-brand-900">
          {FORGOT_ANSWER}
        </p>
      ) : (
        <SchemaForm of={forgotForm} result={actionData} method="post" className="space-y-4">
          <NoScriptNotice toast={actionData && !actionData.ok ? actionData.toast : null} />
          <p className="text-sm text-muted">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          <Field name="email" label="Email" type="email" autoComplete="username" />
          <SubmitButton pendingLabel="Sending..." className="w-full">
            Send Reset Link
          </SubmitButton>
        </SchemaForm>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/admin/login" className="font-semibold text-brand-700 underline">
          Back to Admin Login
        </Link>
      </p>
    </AuthCard>
  );
}
