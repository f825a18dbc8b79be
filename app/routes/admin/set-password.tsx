import { data } from "react-router";
import { AuthCard, LinkNotValid, NewPasswordFields, NoScriptNotice } from "~/components/admin/auth-card";
import { SchemaForm, SubmitButton } from "~/components/forms";
import { LINK_INVALID, newPasswordForm } from "~/features/accounts/accounts.schema";
import { checkAccountLink, setPasswordWithToken } from "~/features/accounts/password-links.server";
import { withoutPasswords } from "~/features/auth/auth.schema";
import { signInInvited } from "~/features/auth/login.server";
import { sessionCookie } from "~/features/auth/session.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { minutesToWait, retryAfterHeaders } from "~/lib/web/retry-after";
import { getServices } from "~/services.server";
import type { Route } from "./+types/set-password";

/** One page for both one-time links: the invitation (/admin/accept-invite) and the reset (/admin/reset-password). */
const purposeOf = (request: Request) =>
  new URL(request.url).pathname.startsWith("/admin/accept-invite") ? ("invite" as const) : ("reset" as const);

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.purpose === "invite" ? "Accept Invitation" : "Reset Password" },
  { name: "robots", content: "noindex" },
];

export const headers = retryAfterHeaders;

const tooManyAttempts = (retryAfterSeconds: number) =>
  `Too many attempts. Please try again in ${minutesToWait(retryAfterSeconds)}.`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clientIp, now } = getServices(context);
  const purpose = purposeOf(request);
  const token = new URL(request.url).searchParams.get("token");
  const link = await checkAccountLink(db, { token, purpose, ip: clientIp }, now());
  const ok = link.kind === "ok";
  // The token stays out of Referer headers to other sites.
  const headers: Record<string, string> = { "Referrer-Policy": "no-referrer" };
  if (link.kind === "throttled") headers["Retry-After"] = String(link.retryAfterSeconds);
  return data(
    {
      purpose,
      token: ok ? token : null,
      email: ok ? link.email : null,
      refusal: link.kind === "throttled" ? tooManyAttempts(link.retryAfterSeconds) : null,
    },
    { status: ok ? 200 : link.kind === "throttled" ? 429 : 404, headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp, now } = getServices(context);
  const purpose = purposeOf(request);
  const submission = parseSubmission(await readFormData(request), newPasswordForm.schema);
  if (!submission.ok) return formFailure(withoutPasswords(submission), newPasswordForm.invalidToast(submission.errors));
  const typed = withoutPasswords(submission);
  const result = await setPasswordWithToken(
    db,
    { token: submission.value.token ?? "", purpose, password: submission.value.password, ip: clientIp },
    now(),
  );
  if (result.kind === "throttled") {
    const message = tooManyAttempts(result.retryAfterSeconds);
    return refuse(typed, { ok: false, title: "Password Not Set", message }, 429, {
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.kind === "invalid")
    return refuse(typed, { ok: false, title: "Password Not Set", message: LINK_INVALID }, 404);
  const session = purpose === "invite" ? await signInInvited(db, result.email, clientIp, now()) : null;
  if (session) {
    const welcome = redirectWithToast(
      "/admin/dashboard",
      successToast("Invitation Accepted", "Your password is set and you are signed in."),
    );
    welcome.headers.append("Set-Cookie", sessionCookie(request, config.publicUrl, session));
    return welcome;
  }
  return redirectWithToast(
    `/admin/login?email=${encodeURIComponent(result.email)}`,
    successToast("Password Set", "Sign in with your email and your new password."),
  );
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { purpose, token, email, refusal } = loaderData;
  const title = purpose === "invite" ? "Accept Invitation" : "Reset Password";
  return (
    <AuthCard>
      <h1 className="text-center text-2xl font-bold text-brand-900">{title}</h1>
      {!token ? (
        <LinkNotValid message={refusal ?? LINK_INVALID} />
      ) : (
        <SchemaForm of={newPasswordForm} result={actionData} method="post" className="mt-6 space-y-4">
          <NoScriptNotice toast={actionData?.toast} />
          <p className="text-sm text-muted">
            Choose the password for <strong className="break-all">{email}</strong>.
          </p>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="email" autoComplete="username" value={email ?? ""} />
          <NewPasswordFields />
          <SubmitButton pendingLabel="Saving..." className="w-full">
            Set Password
          </SubmitButton>
        </SchemaForm>
      )}
    </AuthCard>
  );
}
