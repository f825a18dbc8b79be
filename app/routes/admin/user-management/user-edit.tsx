import { AlertTriangle } from "lucide-react";
import { useRef, useState } from "react";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { CheckboxField, SchemaForm, SelectField, SubmitButton } from "~/components/forms/index";
import { getAdminUser } from "~/features/auth/guard.server";
import { clearSessionCookie, deleteSession, readSessionToken } from "~/features/auth/session.server";
import { changeRole, findUser, userEditVersion } from "~/features/accounts/users-admin.server";
import { openedVersionOf } from "~/lib/forms/edit-version";
import {
  ROLE_SENTENCES,
  ROLES,
  SELF_DEMOTION_CONFIRM,
  SELF_DEMOTION_PROMPT,
  userRoleForm,
} from "~/features/accounts/users.schema";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission, type Refusal } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/user-edit";

export const meta = () => [{ title: "Edit User Role" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await findUser(getServices(context).db, params.userId);
  // Spec §8: 'User profile not found' goes back to the list.
  if (!user) throw redirectWithToast("/admin/user-management", errorToast("User profile not found"));
  return { user, self: user.id === getAdminUser(context).id, version: userEditVersion(user) };
}

const SAVE_FAILED: Refusal = {
  ok: false,
  title: "Error Updating User Role",
  message: "The role could not be saved. Please try again.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config, changed } = getServices(context);
  // A role is shown on no public page (a post keeps the author name it was saved with).
  changed(pageTag.none);
  const actor = getAdminUser(context);
  const submission = parseSubmission(await readFormData(request), userRoleForm.schema);
  if (!submission.ok) return formFailure(submission, userRoleForm.invalidToast(submission.errors));
  const { role, confirm } = submission.value;
  const demotingSelf = role === "user" && params.userId === actor.id;
  // Without JavaScript there was no prompt: the page asks, with a box to tick.
  if (demotingSelf && !confirm)
    return formFailure({ ...submission, errors: { confirm: [SELF_DEMOTION_CONFIRM] } }, undefined);

  const result = await attempt(
    "users",
    () => changeRole(db, actor, params.userId, role, openedVersionOf(submission.values)),
    SAVE_FAILED,
  );
  if (!result.ok) return refuse(submission, result, result === SAVE_FAILED ? 500 : 409);
  const toast = successToast("User Role Updated", `The role is now ${role}.`);
  if (!demotingSelf) return redirectWithToast("/admin/user-management", toast);

  // No longer an administrator: signed out at once, to the login page (spec §6).
  const token = readSessionToken(request);
  if (token) await deleteSession(db, token);
  const response = redirectWithToast("/admin/login", {
    ...toast,
    description: "Your role is now user, so you have been signed out.",
  });
  response.headers.append("Set-Cookie", clearSessionCookie(request, config.publicUrl));
  return response;
}

export default function EditUserRole({ loaderData, actionData }: Route.ComponentProps) {
  const { user, self } = loaderData;
  const [role, setRole] = useState<string>(user.role);
  const confirmed = useRef<HTMLInputElement>(null);
  // The server asked for the confirmation (no JavaScript): the box to tick stands in the form.
  const asked = !!(actionData && !actionData.ok && actionData.errors.confirm);
  return (
    <div className="max-w-xl">
      <AdminPageHeader title="Edit User Role" back={{ to: "/admin/user-management", label: "Back to Users" }} />
      <Card>
        <dl className="mb-6 space-y-3 text-sm">
          <div>
            <dt className="font-medium text-slate-600">User ID</dt>
            <dd className="font-mono text-xs break-all">{user.id}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Full Name</dt>
            <dd>{user.full_name || "—"}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Email</dt>
            <dd className="break-all">{user.email || "Email not available (requires admin rights)"}</dd>
          </div>
        </dl>
        <SchemaForm
          of={userRoleForm}
          result={actionData}
          version={loaderData.version}
          method="post"
          className="space-y-4"
          onSubmit={(event) => {
            if (asked || !confirmed.current) return;
            confirmed.current.value = "";
            if (!self || role !== "user") return;
            // Like the delete confirmations: asked in the browser first.
            if (window.confirm(SELF_DEMOTION_PROMPT)) confirmed.current.value = "on";
            else event.preventDefault();
          }}
        >
          <SelectField
            name="role"
            label="Role"
            defaultValue={user.role}
            options={ROLES.map((r) => ({ value: r, label: r }))}
            hint={[
              `admin: ${ROLE_SENTENCES.admin}`,
              `user: ${ROLE_SENTENCES.user}`,
              self ? "This is your own account: changing it to user signs you out." : "",
            ]
              .filter(Boolean)
              .join(" ")}
            onChange={(event) => setRole(event.target.value)}
          />
          {role === "admin" && user.role !== "admin" ? (
            <p className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="alert">
              <AlertTriangle className="size-5 shrink-0" aria-hidden /> Changing the role to admin grants full
              administrative privileges.
            </p>
          ) : null}
          {asked ? (
            <div className="rounded-md bg-amber-50 p-3 text-amber-900" role="alert">
              <CheckboxField name="confirm" label="Yes, change my own role to user and sign me out" />
            </div>
          ) : (
            <input ref={confirmed} type="hidden" name="confirm" defaultValue="" />
          )}
          <SubmitButton>Update Role</SubmitButton>
        </SchemaForm>
      </Card>
    </div>
  );
}
