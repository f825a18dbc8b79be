import { data, redirect } from "react-router";
import { AuthCard, LinkNotValid, NewPasswordFields, NoScriptNotice } from "~/components/admin/auth-card";
import { Field, SchemaForm, SubmitButton } from "~/components/forms";
import { setupForm, withoutPasswords } from "~/features/auth/auth.schema";
import { createSession, sessionCookie } from "~/features/auth/session.server";
import { completeSetup, isSetupTokenValid } from "~/features/auth/setup.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, refuse } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { getServices } from "~/services.server";
import type { Route } from "./+types/setup";

export const meta = () => [{ title: "Create the first administrator" }, { name: "robots", content: "noindex" }];

// The token is in the address: the loader's no-referrer keeps it out of Referer headers to other sites.
export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

const INVALID_LINK = "This setup link is invalid or has already been used.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await isSetupTokenValid(getServices(context).db, token);
  return data(
    { valid, token: valid ? token : null },
    { status: valid ? 200 : 404, headers: { "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = getServices(context);
  const form = await readFormData(request);
  const submission = parseSubmission(form, setupForm.schema);
  if (!submission.ok) return formFailure(withoutPasswords(submission), setupForm.invalidToast(submission.errors));
  const { name, email, password } = submission.value;
  const result = await completeSetup(db, String(form.get("token") ?? ""), { name, email, password });
  if (!result)
    return refuse(withoutPasswords(submission), { ok: false, title: "Setup Failed", message: INVALID_LINK }, 404);
  const sessionToken = await createSession(db, result.userId);
  throw redirect("/admin/dashboard", {
    headers: { "Set-Cookie": sessionCookie(request, config.publicUrl, sessionToken) },
  });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard>
      <h1 className="text-center text-2xl font-bold text-brand-900">Create the first administrator</h1>
      {!loaderData.valid ? (
        <LinkNotValid message={INVALID_LINK} />
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
