import { redirect } from "react-router";
import { clearSessionCookie, deleteSession, readSessionToken } from "~/features/auth/session.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { recordActivity } from "~/features/history/record.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so only a POST does it; a GET just goes back to the dashboard.
export function loader() {
  throw redirect("/admin/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, now } = getServices(context);
  const token = readSessionToken(request);
  if (token) {
    const actor = getAdminUser(context);
    await db.transaction().execute(async (trx) => {
      await deleteSession(trx, token);
      await recordActivity(trx, actor, {
        action: "sign-out",
        entity: "user",
        entityId: actor.id,
        label: actor.fullName || actor.email,
        summary: "Signed out",
        at: new Date(now()).toISOString(),
      });
    });
  }
  throw redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(request, config.publicUrl) } });
}
