import { mailConfigured } from "~/lib/mail/mail.server";
import type { ReactNode } from "react";
import { Form, Link, redirect } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { MailStateLine } from "~/components/admin/mail-state-line";
import { SiteTime } from "~/components/admin/site-time";
import { accountLink, deliverOrHandOver, accountMailState } from "~/features/accounts/account-mail.server";
import {
  createAccountLink,
  deleteAccount,
  emailAccountLink,
  endSession,
  findAccount,
  listSessions,
  setDisabled,
} from "~/features/accounts/accounts-admin.server";
import { turnOffColleagueTwoFactor } from "~/features/accounts/code-checks.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, redirectBack, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { RoleBadge } from "../user-management/users";
import { StatusBadge } from "./accounts";
import type { Route } from "./+types/account";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Account: ${data?.account.name || data?.account.email}` }];

const NOT_FOUND = () => redirectWithToast("/admin/accounts", errorToast("Account not found"));

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const account = await findAccount(db, params.userId);
  if (!account) throw NOT_FOUND();
  const [sessions, mail] = await Promise.all([listSessions(db, account.id), accountMailState(db, account)]);
  return { account, sessions, mail, self: account.id === getAdminUser(context).id };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config, now, changed } = getServices(context);
  changed(pageTag.none);
  const actor = getAdminUser(context);
  const account = await findAccount(db, params.userId);
  if (!account) throw NOT_FOUND();
  const form = await readFormData(request);
  const label = account.name || account.email;
  switch (form.get("intent")) {
    case "disable":
    case "enable": {
      const result = await setDisabled(db, actor, account, form.get("intent") === "disable", now());
      if (!result.ok) return redirectBack(request, errorToast(result.title, result.message));
      return redirectBack(request, successToast(`Account ${form.get("intent")}d`, label));
    }
    case "delete": {
      const result = await deleteAccount(db, actor, account, now());
      if (!result.ok) return redirectBack(request, errorToast(result.title, result.message));
      throw redirectWithToast("/admin/accounts", successToast("Account deleted", label));
    }
    case "reset-link":
    case "invite-link": {
      const kind = account.status === "Invited" ? "invite" : "reset";
      if (form.get("send") === "email" && mailConfigured(config)) {
        const outboxId = await emailAccountLink(db, actor, account, kind, now());
        const mail = await deliverOrHandOver(
          db,
          config,
          { outboxId, userId: account.id, kind, actorId: actor.id },
          now,
        );
        return { ok: true as const, kind, ...mail };
      }
      const token = await createAccountLink(db, actor, account, kind, now());
      return { ok: true as const, kind, emailed: false, error: null, link: accountLink(config, kind, token) };
    }
    case "end-session": {
      await endSession(db, actor, account, String(form.get("session") ?? ""), now());
      // Ending your own current session signs you out: the guard sends you to the login on the next request.
      return redirectBack(request, successToast("Session ended"));
    }
    case "two-factor-off": {
      const result = await turnOffColleagueTwoFactor(db, actor, { id: account.id, label }, now());
      if (!result.ok) return redirectBack(request, errorToast(result.title, result.message));
      return redirectBack(request, successToast("Two-factor sign-in turned off", label));
    }
  }
  throw redirect(`/admin/accounts/${account.id}`);
}

function ActionForm({
  intent,
  children,
  confirm,
  extra,
}: {
  intent: string;
  children: ReactNode;
  confirm?: string;
  extra?: Record<string, string>;
}) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

const button = "rounded-md border px-3 py-2 text-sm font-semibold";

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { account, sessions, mail, self } = loaderData;
  const label = account.name || account.email;
  const linkKind = account.status === "Invited" ? "invitation" : "password-reset";
  return (
    <div className="max-w-3xl space-y-6">
      <AdminPageHeader title={label} back={{ to: "/admin/accounts", label: "Back to Accounts" }} />
      <Card>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-600">Email</dt>
            <dd className="break-all">{account.email}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Role</dt>
            <dd>
              <RoleBadge role={account.role} />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Status</dt>
            <dd>
              <StatusBadge status={account.status} />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Last sign-in</dt>
            <dd>{account.lastSignInAt ? <SiteTime iso={account.lastSignInAt} /> : "Never"}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Two-factor sign-in</dt>
            <dd>{account.twoFactor ? "On" : "Off"}</dd>
          </div>
        </dl>
      </Card>

      <Card>
        <h2 className="mb-3 text-lg font-semibold text-brand-900">Access</h2>
        {actionData?.ok ? (
          <div role="status" className="mb-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
            {actionData.emailed ? (
              <p>
                The {linkKind} link was emailed to {account.email}.
              </p>
            ) : (
              <>
                <p>
                  {actionData.error
                    ? `The ${linkKind} email could not be sent yet (${actionData.error}). It is tried again on its own, as shown below. Meanwhile, give`
                    : "Give"}{" "}
                  {label} this {linkKind} link yourself; it works once, for{" "}
                  {actionData.kind === "invite" ? "48 hours" : "1 hour"}:
                </p>
                <input
                  readOnly
                  aria-label={`The ${linkKind} link`}
                  value={actionData.link ?? ""}
                  className="mt-2 w-full rounded border border-brand-200 bg-white p-2 font-mono text-xs"
                  onFocus={(event) => event.currentTarget.select()}
                />
              </>
            )}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <ActionForm intent={account.status === "Invited" ? "invite-link" : "reset-link"}>
            <button type="submit" className={`${button} border-brand-200 text-brand-800 hover:bg-brand-50`}>
              {account.status === "Invited" ? "Create a new invitation link" : "Create password-reset link"}
            </button>
          </ActionForm>
          {mail?.sendAgain ? null : (
            <ActionForm intent={account.status === "Invited" ? "invite-link" : "reset-link"} extra={{ send: "email" }}>
              <button type="submit" className={`${button} border-brand-200 text-brand-800 hover:bg-brand-50`}>
                Email the link
              </button>
            </ActionForm>
          )}
          {account.twoFactor && self ? (
            // One's own is turned off with a code, on its own page.
            <Link
              to="/admin/account/two-factor"
              className={`${button} border-amber-300 text-amber-900 hover:bg-amber-50`}
            >
              Turn off two-factor sign-in
            </Link>
          ) : account.twoFactor ? (
            <ActionForm intent="two-factor-off" confirm={`Turn off two-factor sign-in for ${label}?`}>
              <button type="submit" className={`${button} border-amber-300 text-amber-900 hover:bg-amber-50`}>
                Turn off two-factor sign-in
              </button>
            </ActionForm>
          ) : null}
          {self ? null : account.status === "Disabled" ? (
            <ActionForm intent="enable">
              <button type="submit" className={`${button} border-green-300 text-green-800 hover:bg-green-50`}>
                Enable account
              </button>
            </ActionForm>
          ) : (
            <ActionForm intent="disable" confirm={`Disable ${label}? Their sessions end at once.`}>
              <button type="submit" className={`${button} border-amber-300 text-amber-900 hover:bg-amber-50`}>
                Disable account
              </button>
            </ActionForm>
          )}
          {self ? null : (
            <ActionForm
              intent="delete"
              confirm={`Are you sure you want to delete ${label}? This action cannot be undone.`}
            >
              <button type="submit" className={`${button} border-red-300 text-red-700 hover:bg-red-50`}>
                Delete account
              </button>
            </ActionForm>
          )}
        </div>
        {mail ? (
          // The last email (ADR 0051); 'Send again' makes a new one, tried at once.
          <div className="mt-2">
            <MailStateLine
              label={mail.label}
              state={mail}
              testId="account-mail-state"
              sendAgain={
                mail.sendAgain
                  ? {
                      intent: account.status === "Invited" ? "invite-link" : "reset-link",
                      fields: { send: "email" },
                    }
                  : null
              }
            />
          </div>
        ) : null}
      </Card>

      <Card>
        <h2 className="mb-3 text-lg font-semibold text-brand-900">Sessions</h2>
        {sessions.length === 0 ? (
          <p className="text-sm text-muted">No open sessions.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600">
                <th className="py-2">Signed in</th>
                <th className="py-2">Last seen</th>
                <th className="py-2">Address</th>
                <th className="py-2 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id} className="border-t border-slate-100">
                  <td className="py-2">
                    <SiteTime iso={session.created_at} />
                  </td>
                  <td className="py-2">
                    <SiteTime iso={session.last_seen_at} />
                  </td>
                  <td className="py-2 font-mono text-xs">{session.ip ?? "—"}</td>
                  <td className="py-2 text-right">
                    <ActionForm intent="end-session" extra={{ session: session.id }}>
                      <button type="submit" className={`${button} border-slate-300 hover:bg-slate-50`}>
                        End session
                      </button>
                    </ActionForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
