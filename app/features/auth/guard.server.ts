import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { mustEnrolTwoFactor } from "./two-factor-policy.server";
import { getServices } from "~/services.server";
import {
  clearSessionCookie,
  deleteSession,
  getSessionUser,
  readSessionToken,
  type SessionUser,
} from "./session.server";

const ENROL_PATH = "/admin/account/two-factor";
const ENROL_PATHS = new Set([ENROL_PATH, "/admin/logout"]);

export const adminUserContext = createContext<SessionUser | null>(null);

/** The original path of a request, without React Router's ".data" suffix and internal query keys. */
function originalLocation(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
  return pathname + (url.search === "?" ? "" : url.search);
}

/**
 * Runs before every loader and action under the admin layout (documents, data requests and resource routes):
 * anonymous → to the login keeping the origin; signed in without the admin role → signed out, Access Denied.
 */
export const requireAdmin: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, config, clientIp } = getServices(context);
  const token = readSessionToken(request);
  const user = token ? await getSessionUser(db, token) : null;
  if (!user) {
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(originalLocation(request))}`, {
      headers: token ? { "Set-Cookie": clearSessionCookie(request, config.publicUrl) } : undefined,
    });
  }
  if (user.role !== "admin") {
    await deleteSession(db, token!);
    throw redirect("/admin/login?denied=1", {
      headers: { "Set-Cookie": clearSessionCookie(request, config.publicUrl) },
    });
  }
  // Two-factor sign-in required for all admins (ADR 0034): one without it may only enrol or sign out.
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (!ENROL_PATHS.has(path) && (await mustEnrolTwoFactor(db, user.id))) {
    throw redirect(`${ENROL_PATH}?required=1`);
  }
  // The address goes with the actor into the activity log.
  context.set(adminUserContext, { ...user, ip: clientIp });
  return next();
};

/** The signed-in administrator; only valid below the admin layout, whose middleware set it. */
export function getAdminUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(adminUserContext);
  if (!user) throw new Error("getAdminUser called outside the guarded admin layout");
  return user;
}
