import { data, Form, Link, redirect, useNavigation } from "react-router";
import { MIN_PASSWORD_LENGTH, setupSchema } from "~/features/auth/auth.schema";
import { createSession, sessionCookie } from "~/features/auth/session.server";
import { completeSetup, isSetupTokenValid } from "~/features/auth/setup.server";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/setup";

export const meta = () => [{ title: "Create the first administrator" }, { name: "robots", content: "noindex" }];

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
  const token = String(form.get("token") ?? "");
  const parsed = setupSchema.safeParse({
    name: form.get("name") ?? "",
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
  });
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Please check the form.", values }, { status: 400 });
  }
  if (form.get("password") !== form.get("confirmPassword")) {
    return data({ error: "The two passwords do not match.", values }, { status: 400 });
  }
  const result = await completeSetup(db, token, parsed.data);
  if (!result) return data({ error: "This setup link is invalid or has already been used.", values }, { status: 404 });
  const sessionToken = await createSession(db, result.userId);
  throw redirect("/admin/dashboard", {
    headers: { "Set-Cookie": sessionCookie(request, config.publicUrl, sessionToken) },
  });
}

const inputClass =
  "w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200">
        <h1 className="text-center text-2xl font-bold text-brand-900">Create the first administrator</h1>
        {!loaderData.valid ? (
          <div className="mt-6 space-y-4 text-center">
            <p className="text-muted">This setup link is invalid or has already been used.</p>
            <Link to="/admin/login" className="font-semibold text-brand-700 underline">
              Go to Admin Login
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-4">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            {actionData?.error ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
                {actionData.error}
              </p>
            ) : null}
            <div>
              <label htmlFor="name" className="mb-1 block text-sm font-medium">
                Full Name
              </label>
              <input
                id="name"
                name="name"
                required
                maxLength={120}
                autoComplete="name"
                defaultValue={actionData?.values.name}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="email" className="mb-1 block text-sm font-medium">
                Email
              </label>
              <input
                id="email"
                name="email"
                type="email"
                required
                autoComplete="username"
                defaultValue={actionData?.values.email}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="password" className="mb-1 block text-sm font-medium">
                Password
              </label>
              <input
                id="password"
                name="password"
                type="password"
                required
                minLength={MIN_PASSWORD_LENGTH}
                autoComplete="new-password"
                className={inputClass}
              />
              <p className="mt-1 text-xs text-muted">At least {MIN_PASSWORD_LENGTH} characters.</p>
            </div>
            <div>
              <label htmlFor="confirmPassword" className="mb-1 block text-sm font-medium">
                Confirm Password
              </label>
              <input
                id="confirmPassword"
                name="confirmPassword"
                type="password"
                required
                minLength={MIN_PASSWORD_LENGTH}
                autoComplete="new-password"
                className={inputClass}
              />
            </div>
            <button
              type="submit"
              disabled={submitting}
              className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {submitting ? "Creating..." : "Create Administrator"}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
