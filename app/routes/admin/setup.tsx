import { data, redirect } from "react-router";
import { AuthCard, LinkNotValid, NewPasswordFields, NoScriptNotice } from "~/components/admin/auth-card";
import { Field, SchemaForm, SubmitButton } from "~/components/forms";
import { setupForm, withoutPasswords } from "~/features/auth/auth.schema";
import { signIn } from "~/features/auth/login.server";
import { sessionCookie } from "~/features/auth/session.server";
import { checkSetupLink, completeSetup } from "~/features/auth/setup.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, refuse } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { minutesToWait, retryAfterHeaders } from "~/lib/web/retry-after";
import { getServices } from "~/services.server";
import type { Route } from "./+types/setup";

export const meta = () => [{ title: "Create the first administrator" }, { name: "robots", content: "noindex" }];

const INVALID_LINK = "This setup link is invalid or has already been used.";

// The token is in the address: the loader's no-referrer keeps it out of Referer headers to other sites; a refused
// attempt says when to try again.
export const headers = retryAfterHeaders;

const tooManyAttempts = (retryAfterSeconds: number) =>
  `Too many attempts. Please try again in ${minutesToWait(retryAfterSeconds)}.`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clientIp, now } = getServices(context);
  const token = new URL(request.url).searchParams.get("token");
  const link = await checkSetupLink(db, token, clientIp, now());
  const valid = link.allowed && !!link.valid;
  const headers: Record<string, string> = { "Referrer-Policy": "no-referrer" };
  if (!link.allowed) headers["Retry-After"] = String(link.retryAfterSeconds);
  return data(
    { valid, token: valid ? token : null, refusal: link.allowed ? null : tooManyAttempts(link.retryAfterSeconds) },
    { status: valid ? 200 : link.allowed ? 404 : 429, headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, clientIp, now } = getServices(context);
  const form = await readFormData(request);
  const submission = parseSubmission(form, setupForm.schema);
  if (!submission.ok) return formFailure(withoutPasswords(submission), setupForm.invalidToast(submission.errors));
  const { name, email, password } = submission.value;
  const token = String(form.get("token") ?? "");
  const link = await checkSetupLink(db, token, clientIp, now());
  if (!link.allowed) {
    const message = tooManyAttempts(link.retryAfterSeconds);
    return refuse(withoutPasswords(submission), { ok: false, title: "Setup Failed", message }, 429, {
      headers: { "Retry-After": String(link.retryAfterSeconds) },
    });
  }
  const result = link.valid ? await completeSetup(db, token, { name, email, password }) : null;
  if (!result)
    return refuse(withoutPasswords(submission), { ok: false, title: "Setup Failed", message: INVALID_LINK }, 404);
  // Signed in as a sign-in is: the accounts list then says when, not "Never" (issue 41).
  const sessionToken = await signIn(
    db,
    { id: result.userId, email, fullName: name, ip: clientIp },
    now(),
    "first setup",
  );
  throw redirect("/admin/dashboard", {
    headers: { "Set-Cookie": sessionCookie(request, config.publicUrl, sessionToken) },
  });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard>
      <h1 className="text-center text-2xl font-bold text-brand-900">Create the first administrator</h1>
      {!loaderData.valid ? (
        <LinkNotValid message={loaderData.refusal ?? INVALID_LINK} />
      ) : (
        <SchemaForm of={setupForm} result={actionData} method="post" className="mt-6 space-y-4">
          <NoScriptNotice toast={actionData?.toast} />
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <Field name="name" label="Full Name" autoComplete="name" />
          <Field name="email" label="Email" type="email" autoComplete="username" />
          <NewPasswordFields />
          <SubmitButton pendingLabel="Creating..." className="w-full">
            Create Administrator
          </SubmitButton>
        </SchemaForm>
      )}
    </AuthCard>
  );
}
