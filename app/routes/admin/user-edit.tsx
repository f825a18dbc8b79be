import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPageHeader, Card, FieldLabel, inputClass } from "~/components/admin/ui";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { flashCookie } from "~/features/admin/flash.server";
import { changeRole, findUser } from "~/features/users/users-admin.server";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/user-edit";

export const meta = () => [{ title: "Edit User Role" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await findUser(getServices(context).db, params.userId);
  // Spec §8: 'User profile not found' goes back to the list.
  if (!user)
    throw redirect("/admin/user-management", {
      headers: { "Set-Cookie": flashCookie({ title: "User profile not found", variant: "destructive" }) },
    });
  return { user };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const role = form.get("role");
  if (role !== "admin" && role !== "user")
    return data(
      {
        toast: {
          title: "Error Updating User Role",
          description: "Choose admin or user.",
          variant: "destructive",
        } as ToastInput,
      },
      { status: 400 },
    );
  const result = await changeRole(getServices(context).db, params.userId, role);
  if (!result.ok)
    return data(
      { toast: { title: result.title, description: result.message, variant: "destructive" } as ToastInput },
      { status: 409 },
    );
  throw redirect("/admin/user-management", {
    headers: {
      "Set-Cookie": flashCookie({
        title: "User Role Updated",
        description: `The role is now ${role}.`,
        variant: "success",
      }),
    },
  });
}

export default function EditUserRole({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [role, setRole] = useState(user.role);
  const saving = useNavigation().state === "submitting";
  useToastOnChange(actionData?.toast);
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
        <Form method="post" className="space-y-4">
          <div>
            <FieldLabel htmlFor="role">Role</FieldLabel>
            <select
              id="role"
              name="role"
              value={role}
              onChange={(e) => setRole(e.target.value as typeof role)}
              className={inputClass}
            >
              <option value="user">user</option>
              <option value="admin">admin</option>
            </select>
          </div>
          {role === "admin" && user.role !== "admin" ? (
            <p className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="alert">
              <AlertTriangle className="size-5 shrink-0" aria-hidden /> Changing the role to admin grants full
              administrative privileges.
            </p>
          ) : null}
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {saving ? "Saving..." : "Update Role"}
          </button>
        </Form>
      </Card>
    </div>
  );
}
