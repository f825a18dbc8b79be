import { mailConfigured } from "~/lib/mail/mail.server";
import { ShieldCheck, UserPlus } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { Card } from "~/components/admin/card";
import { SiteTime } from "~/components/admin/site-time";
import { Field, SchemaForm, SubmitButton } from "~/components/forms/index";
import { accountLink, deliverOrHandOver } from "~/features/accounts/account-mail.server";
import { inviteAccount, listAccounts } from "~/features/accounts/accounts-admin.server";
import { inviteForm } from "~/features/accounts/accounts.schema";
import { ROLE_SENTENCES } from "~/features/accounts/users.schema";
import { setTwoFactorRequired, twoFactorRequired } from "~/features/auth/two-factor-policy.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, redirectBack, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { RoleBadge } from "../user-management/users";
import type { Route } from "./+types/accounts";

export const meta = () => [{ title: "Accounts" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  return {
    accounts: await listAccounts(db),
    requireTwoFactor: await twoFactorRequired(db),
    mail: mailConfigured(config),
    self: getAdminUser(context).id,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, now, changed } = getServices(context);
  changed(pageTag.none);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  if (form.get("intent") === "require-two-factor") {
    const required = form.get("required") === "on";
    await setTwoFactorRequired(db, actor, required, now());
    return redirectBack(
      request,
      successToast(required ? "Two-factor sign-in required" : "Two-factor sign-in optional"),
    );
  }
  const submission = { ...parseSubmission(form, inviteForm.schema), form: "invite" };
  if (!submission.ok) return formFailure(submission, inviteForm.invalidToast(submission.errors));
  const result = await inviteAccount(db, actor, submission.value, now(), { email: mailConfigured(config) });
  if (!result.ok) return refuse(submission, result, 409);
  const mail = result.outboxId
    ? await deliverOrHandOver(
        db,
        config,
        { outboxId: result.outboxId, userId: result.userId, kind: "invite", actorId: actor.id },
        now,
      )
    : { emailed: false, error: null, link: accountLink(config, "invite", result.token!) };
  // Without a mail server (or while it refuses), the administrator hands the link over: shown once, here.
  return { ok: true as const, invited: submission.value.email, userId: result.userId, ...mail };
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, requireTwoFactor, mail } = loaderData;
  const invited = actionData?.ok ? actionData : null;
  return (
    <div>
      <AdminPageHeader title="Accounts" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <Link
          to="/admin/account/two-factor"
          className="inline-flex items-center gap-2 rounded-md border border-brand-200 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <ShieldCheck className="size-4" aria-hidden /> My two-factor sign-in
        </Link>
      </AdminPageHeader>

      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold text-brand-900">
            <UserPlus className="size-5" aria-hidden /> Invite User
          </h2>
          {invited ? (
            <div role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
              {invited.emailed ? (
                <p>
                  Invitation sent to <strong>{invited.invited}</strong>. The link works once, for 48 hours.
                </p>
              ) : (
                <>
                  {mail ? (
                    <p>
                      The invitation email could not be sent yet{invited.error ? ` (${invited.error})` : ""}. It is
                      tried again on its own;{" "}
                      <Link to={`/admin/accounts/${invited.userId}`} className="font-semibold underline">
                        the account&apos;s page
                      </Link>{" "}
                      shows how it goes. Meanwhile, give <strong>{invited.invited}</strong> this link yourself; it works
                      once, for 48 hours:
                    </p>
                  ) : (
                    <p>
                      No mail server is set up (SMTP_URL). Give <strong>{invited.invited}</strong> this link yourself;
                      it works once, for 48 hours:
                    </p>
                  )}
                  <input
                    readOnly
                    aria-label="Invitation link"
                    value={invited.link ?? ""}
                    className="mt-2 w-full rounded border border-brand-200 bg-white p-2 font-mono text-xs"
                    onFocus={(event) => event.currentTarget.select()}
                  />
                </>
              )}
            </div>
          ) : null}
          <SchemaForm of={inviteForm} result={actionData} intent="invite" method="post" className="space-y-4">
            <Field name="email" label="Email" type="email" autoComplete="off" />
            <Field name="name" label="Full Name" autoComplete="off" />
            {/* Only a role that can use the back office is offered (INVITE_ROLES): the one there is, said. */}
            <input type="hidden" name="role" value="admin" />
            <p className="text-sm text-muted">
              <span className="font-medium text-ink">Role: admin.</span> {ROLE_SENTENCES.admin}
            </p>
            <SubmitButton pendingLabel="Inviting...">Invite User</SubmitButton>
          </SchemaForm>
        </Card>
        <Card>
          <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold text-brand-900">
            <ShieldCheck className="size-5" aria-hidden /> Two-factor sign-in
          </h2>
          <p className="mb-4 text-sm text-muted">
            With this on, every administrator signs in with a code from an authenticator app; one who has not set it up
            is sent to do so on their next sign-in.
          </p>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="require-two-factor" />
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="required" defaultChecked={requireTwoFactor} className="size-4" />
              Require two-factor sign-in for all admins
            </label>
            <SubmitButton>Save</SubmitButton>
          </Form>
        </Card>
      </div>

      <AdminTable
        count={accounts.length}
        empty="No accounts yet."
        columns={
          <>
            <th className="px-4 py-3">Name</th>
            <th className="hidden px-4 py-3 sm:table-cell">Email</th>
            <th className="px-4 py-3">Role</th>
            <th className="px-4 py-3">Status</th>
            <th className="hidden px-4 py-3 md:table-cell">Last sign-in</th>
            <th className="hidden px-4 py-3 md:table-cell">2FA</th>
          </>
        }
      >
        {accounts.map((account) => (
          <tr key={account.id}>
            <td className="px-4 py-2 font-medium">
              <Link to={`/admin/accounts/${account.id}`} className="text-brand-800 underline">
                {account.name || account.email}
              </Link>
            </td>
            <td className="hidden px-4 py-2 break-all text-muted sm:table-cell">{account.email}</td>
            <td className="px-4 py-2">
              <RoleBadge role={account.role} />
            </td>
            <td className="px-4 py-2">
              <StatusBadge status={account.status} />
            </td>
            <td className="hidden px-4 py-2 text-muted md:table-cell">
              {account.lastSignInAt ? <SiteTime iso={account.lastSignInAt} /> : "Never"}
            </td>
            <td className="hidden px-4 py-2 md:table-cell">{account.twoFactor ? "On" : "Off"}</td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === "Active"
      ? "bg-green-100 text-green-800"
      : status === "Invited"
        ? "bg-amber-100 text-amber-900"
        : "bg-slate-200 text-slate-700";
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{status}</span>;
}
