import { Card } from "~/components/admin/card";
import { AdminTable } from "~/components/admin/admin-table";
import { AdminPageHeader } from "~/components/admin/page-header";
import { inputClass } from "~/components/forms";
import { getAdminUser } from "~/features/auth/guard.server";
import {
  ADDRESSES_MAX,
  joinAddresses,
  listBuyers,
  openSessions,
  removeAddress,
  setBuyerAccess,
  suggestedJoins,
} from "~/features/buyers/buyers-admin.server";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { formatSiteTime } from "~/lib/site-time";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { pageTag } from "~/lib/web/page-tags";
import { data } from "react-router";
import { getServices } from "~/services.server";
import type { Route } from "./+types/buyers";

// 'Buyer Access' (issue 45, ADR 0066): the addresses that sign in to 'My Account' as one buyer company, joined by an
// administrator (the company grouping only suggests), and each buyer's access. Below the admin layout's guard.
export const meta = () => [{ title: "Buyer Access" }];

const HERE = "/admin/buyers";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const [buyers, suggestions, sessions, timeZone] = await Promise.all([
    listBuyers(db),
    suggestedJoins(db),
    openSessions(db, now()),
    siteTimeZone(db),
  ]);
  return {
    buyers: buyers.map((buyer) => ({
      id: buyer.id,
      name: buyer.name,
      addresses: buyer.addresses,
      disabled: !!buyer.disabled_at,
      lastSignIn: buyer.last_sign_in_at ? formatSiteTime(buyer.last_sign_in_at, timeZone) : "Never",
      sessions: sessions.get(buyer.id) ?? 0,
    })),
    suggestions,
    addressesMax: ADDRESSES_MAX,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db, now } = services;
  // Nothing public changes: a buyer's page is never cached.
  services.changed(pageTag.none);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? "");
  switch (field("intent")) {
    case "join": {
      const joined = await joinAddresses(db, actor, { name: field("name"), addresses: field("addresses") }, now());
      if (!joined.ok)
        return data(
          { error: joined.error, field: joined.field, values: { name: field("name"), addresses: field("addresses") } },
          { status: 400 },
        );
      return redirectWithToast(
        HERE,
        successToast("Addresses Joined", `${field("name").trim()} signs in as one buyer.`),
      );
    }
    case "remove": {
      const removed = await removeAddress(db, actor, field("buyer"), field("address"), now());
      return redirectWithToast(
        HERE,
        removed ? successToast("Address Removed", field("address")) : errorToast("Nothing Removed", "Not found."),
      );
    }
    case "disable":
    case "enable": {
      const enabled = field("intent") === "enable";
      const changed = await setBuyerAccess(db, actor, field("buyer"), enabled, now());
      if (!changed) return redirectWithToast(HERE, errorToast("Nothing Changed", "This buyer no longer exists."));
      return redirectWithToast(
        HERE,
        successToast(
          enabled ? "Access Enabled" : "Access Disabled",
          enabled ? "The buyer can sign in again." : "The buyer's sessions ended.",
        ),
      );
    }
    default:
      return data({ error: "Unknown action.", field: null, values: null }, { status: 400 });
  }
}

export default function BuyersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { buyers, suggestions, addressesMax } = loaderData;
  const failed = actionData && "error" in actionData ? actionData : null;
  return (
    <div className="max-w-5xl space-y-6">
      <AdminPageHeader title="Buyer Access" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <Card>
        <p className="mb-4 text-sm text-slate-700">
          Buyers sign in to &lsquo;My Account&rsquo; with a link emailed to an address they wrote from. Each sees the
          requests, quotes, orders and documents of their own addresses. Join a company&rsquo;s addresses so each of its
          people sees all of them.
        </p>
        <AdminTable
          count={buyers.length}
          empty="No buyer has signed in yet."
          columns={
            <>
              <th className="px-4 py-3">Buyer</th>
              <th className="px-4 py-3">Addresses</th>
              <th className="px-4 py-3">Last sign-in</th>
              <th className="px-4 py-3">Access</th>
            </>
          }
        >
          {buyers.map((buyer) => (
            <tr key={buyer.id} data-testid="buyer-row">
              <td className="px-4 py-2 font-medium">{buyer.name || "(no company)"}</td>
              <td className="px-4 py-2 text-sm">
                <ul className="space-y-1">
                  {buyer.addresses.map((address) => (
                    <li key={address} className="flex flex-wrap items-center gap-2">
                      <span className="break-all">{address}</span>
                      <form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="buyer" value={buyer.id} />
                        <input type="hidden" name="address" value={address} />
                        <button type="submit" className="text-xs font-semibold text-red-700 underline">
                          Remove<span className="sr-only"> {address}</span>
                        </button>
                      </form>
                    </li>
                  ))}
                </ul>
              </td>
              <td className="px-4 py-2 text-sm">
                {buyer.lastSignIn}
                {buyer.sessions ? ` (${buyer.sessions} open)` : ""}
              </td>
              <td className="px-4 py-2 text-sm">
                <form method="post">
                  <input type="hidden" name="intent" value={buyer.disabled ? "enable" : "disable"} />
                  <input type="hidden" name="buyer" value={buyer.id} />
                  <span className={buyer.disabled ? "font-semibold text-red-700" : "text-slate-700"}>
                    {buyer.disabled ? "Disabled" : "Active"}
                  </span>{" "}
                  <button type="submit" className="font-semibold text-brand-700 underline">
                    {buyer.disabled ? "Enable Access" : "Disable Access"}
                    <span className="sr-only"> {buyer.name}</span>
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {suggestions.length ? (
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-brand-900">Same Company, Several Addresses</h2>
          <p className="mb-4 text-sm text-slate-700">
            Inquiries name the same company from these addresses. Join them only when you know they are one importer.
          </p>
          <ul className="divide-y divide-slate-200">
            {suggestions.map((suggestion) => (
              <li key={suggestion.addresses.join()} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <span className="text-sm">
                  <strong>{suggestion.company}</strong>: {suggestion.addresses.join(", ")}
                </span>
                <form method="post">
                  <input type="hidden" name="intent" value="join" />
                  <input type="hidden" name="name" value={suggestion.company} />
                  <input type="hidden" name="addresses" value={suggestion.addresses.join("\n")} />
                  <button
                    type="submit"
                    className="rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-800"
                  >
                    Join as One Buyer
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-brand-900">Join Addresses</h2>
        <form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="join" />
          <div>
            <label htmlFor="join-name" className="mb-1 block text-sm font-semibold">
              Company
            </label>
            <input
              id="join-name"
              name="name"
              required
              maxLength={200}
              defaultValue={failed?.values?.name ?? ""}
              aria-invalid={failed?.field === "name" || undefined}
              aria-describedby={failed?.field === "name" ? "join-error" : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="join-addresses" className="mb-1 block text-sm font-semibold">
              Email addresses (one per line, up to {addressesMax})
            </label>
            <textarea
              id="join-addresses"
              name="addresses"
              required
              rows={4}
              defaultValue={failed?.values?.addresses ?? ""}
              aria-invalid={failed?.field === "addresses" || undefined}
              aria-describedby={failed?.field === "addresses" ? "join-error" : undefined}
              className={inputClass}
            />
          </div>
          {failed ? (
            <p id="join-error" role="alert" className="text-sm text-red-700">
              {failed.error}
            </p>
          ) : null}
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Join Addresses
          </button>
        </form>
      </Card>
    </div>
  );
}
