import { redirect } from "react-router";
import { clearSessionCookie, deleteSession, readSessionToken } from "~/features/auth/session.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so only a POST does it; a GET just goes back to the dashboard.
export function loader() {
  throw redirect("/admin/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = getServices(context);
  const token = readSessionToken(request);
  if (token) await deleteSession(db, token);
  throw redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(request, config.publicUrl) } });
}
