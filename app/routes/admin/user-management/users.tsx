import { Pencil, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { SiteTime } from "~/components/admin/site-time";
import { listUsers } from "~/features/accounts/users-admin.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/users";

export const meta = () => [{ title: "User Management" }];

export async function loader({ context }: Route.LoaderArgs) {
  return {
    users: await listUsers(getServices(context).db),
  };
}

export function RoleBadge({ role }: { role: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${role === "admin" ? "bg-brand-100 text-brand-800" : "bg-slate-100 text-slate-700"}`}
    >
      {role}
    </span>
  );
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { users } = loaderData;
  return (
    <div>
      {/* The spec's screen, without the greyed-out 'Add New User' it had: Accounts does that (issue 41). */}
      <AdminPageHeader title="User Management" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <ButtonLink to="/admin/accounts" variant="outline">
          <UserPlus className="size-4" aria-hidden /> Invite in Accounts
        </ButtonLink>
      </AdminPageHeader>
      <p className="mb-4 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
        Here you change a user&apos;s role. To invite a colleague, reset a password or disable an account, use{" "}
        <Link to="/admin/accounts" className="font-semibold underline">
          Accounts
        </Link>
        .
      </p>
      <AdminTable
        count={users.length}
        empty="No users found."
        columns={
          <>
            <th className="px-4 py-3">Full Name</th>
            <th className="hidden px-4 py-3 sm:table-cell">Email</th>
            <th className="px-4 py-3">Role</th>
            <th className="hidden px-4 py-3 md:table-cell">Profile Last Updated</th>
            <th className="px-4 py-3 text-right">Actions</th>
          </>
        }
      >
        {users.map((user) => (
          <tr key={user.id}>
            <td className="px-4 py-2 font-medium">{user.full_name || "—"}</td>
            <td className="hidden px-4 py-2 break-all text-muted sm:table-cell">{user.email}</td>
            <td className="px-4 py-2">
              <RoleBadge role={user.role} />
            </td>
            <td className="hidden px-4 py-2 text-muted md:table-cell">
              <SiteTime iso={user.updated_at} day />
            </td>
            <td className="px-4 py-2 text-right">
              <Link
                to={`/admin/user-management/edit/${user.id}`}
                className="inline-flex rounded-md p-2 text-brand-700 hover:bg-brand-50"
                aria-label={`Edit role of ${user.full_name || user.email}`}
                title="Edit role"
              >
                <Pencil className="size-4" aria-hidden />
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
