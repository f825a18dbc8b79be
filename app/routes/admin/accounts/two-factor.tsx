import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { Field, SchemaForm, SubmitButton } from "~/components/forms/index";
import { codeForm } from "~/features/accounts/accounts.schema";
import { turnOffOwnTwoFactor } from "~/features/accounts/code-checks.server";
import { confirmEnrolment, enrolment } from "~/features/accounts/two-factor.server";
import { twoFactorRequired } from "~/features/auth/two-factor-policy.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, redirectBack, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { retryAfterHeaders } from "~/lib/web/retry-after";
import { getServices } from "~/services.server";
import type { Route } from "./+types/two-factor";

export const meta = () => [{ title: "Two-factor sign-in" }];

export const headers = retryAfterHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const me = getAdminUser(context);
  const state = (await enrolment(db, me.id))!;
  return {
    enabled: state.enabled,
    recoveryLeft: state.enabled ? state.recoveryLeft : 0,
    // The secret is shown only while enrolling; once on, it never leaves the server again.
    secret: state.enabled ? null : state.secret,
    qrSrc: state.enabled ? null : state.qrSrc,
    required: await twoFactorRequired(db),
    sentHere: new URL(request.url).searchParams.get("required") === "1",
  };
}

const WRONG_CODE = {
  ok: false as const,
  title: "Code Not Accepted",
  message: "That code is not right. Try the newest code from your app.",
  field: "code",
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, now, changed } = getServices(context);
  changed(pageTag.none);
  const me = getAdminUser(context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "enrol");
  const submission = { ...parseSubmission(form, codeForm.schema), form: intent };
  if (!submission.ok) return formFailure(submission, codeForm.invalidToast(submission.errors));
  if (intent === "turn-off") {
    if (await twoFactorRequired(db))
      return refuse(
        submission,
        { ok: false, title: "Not Allowed", message: "Two-factor sign-in is required for all administrators." },
        409,
      );
    const checked = await turnOffOwnTwoFactor(db, me, { code: submission.value.code, config }, now());
    if (checked.kind === "refused")
      return refuse(submission, { ...WRONG_CODE, message: checked.message }, 429, {
        headers: { "Retry-After": String(checked.retryAfterSeconds) },
      });
    if (checked.kind === "wrong") return refuse(submission, WRONG_CODE, 400);
    return redirectBack(request, successToast("Two-factor sign-in turned off"));
  }
  const codes = await confirmEnrolment(db, me, submission.value.code, now());
  if (!codes) return refuse(submission, WRONG_CODE, 400);
  return { ok: true as const, codes };
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, secret, qrSrc, required, sentHere, recoveryLeft } = loaderData;
  const codes = actionData?.ok ? actionData.codes : null;
  return (
    <div className="max-w-2xl space-y-6">
      <AdminPageHeader title="Two-factor sign-in" back={{ to: "/admin/accounts", label: "Back to Accounts" }} />
      {sentHere && !enabled ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Two-factor sign-in is required for all administrators. Set it up to continue.
        </p>
      ) : null}
      {codes ? (
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-brand-900">Two-factor sign-in is on</h2>
          <p className="mb-3 text-sm">
            Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown
            only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
            {codes.map((code) => (
              <li key={code} className="rounded bg-slate-100 px-2 py-1">
                {code}
              </li>
            ))}
          </ul>
        </Card>
      ) : enabled ? (
        <Card>
          <p className="mb-4 text-sm">
            Two-factor sign-in is on for your account. {recoveryLeft} recovery code{recoveryLeft === 1 ? "" : "s"} left.
          </p>
          {required ? (
            <p className="text-sm text-muted">It is required for all administrators, so it cannot be turned off.</p>
          ) : (
            <SchemaForm of={codeForm} result={actionData} intent="turn-off" method="post" className="space-y-4">
              <Field
                name="code"
                label="Code"
                autoComplete="one-time-code"
                hint="A current code from your app, to turn it off."
              />
              <SubmitButton>Turn off two-factor sign-in</SubmitButton>
            </SchemaForm>
          )}
        </Card>
      ) : (
        <Card>
          <ol className="mb-4 list-decimal space-y-2 pl-5 text-sm">
            <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
            <li>Scan this QR code, or type the key below.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          {qrSrc ? <img src={qrSrc} alt="QR code for your authenticator app" className="mb-3 size-48" /> : null}
          <p className="mb-4 text-sm">
            Key:{" "}
            <code className="font-mono break-all" data-testid="totp-secret">
              {secret}
            </code>
          </p>
          <SchemaForm of={codeForm} result={actionData} intent="enrol" method="post" className="space-y-4">
            <Field name="code" label="Code" autoComplete="one-time-code" inputMode="numeric" />
            <SubmitButton pendingLabel="Checking...">Turn on two-factor sign-in</SubmitButton>
          </SchemaForm>
        </Card>
      )}
    </div>
  );
}
