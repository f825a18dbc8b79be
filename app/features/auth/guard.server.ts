import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { mustEnrolTwoFactor } from "./two-factor-policy.server";
import type { Db } from "~/db/database.server";
import { getServices } from "~/services.server";
import {
  clearSessionCookie,
  deleteSession,
  getSessionUser,
  readSessionToken,
  wasIssuedSessionToken,
  type SessionUser,
} from "./session.server";
import { keepSubmission } from "./form-stash.server";

const ENROL_PATH = "/admin/account/two-factor";
const ENROL_PATHS = new Set([ENROL_PATH, "/admin/logout"]);

export const adminUserContext = createContext<SessionUser | null>(null);

/** The original path of a request, without React Router's ".data" suffix and internal query keys. */
export function originalLocation(request: Request): string {
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
  const { db, config, clientIp, now } = getServices(context);
  const token = readSessionToken(request);
  const user = token ? await getSessionUser(db, token) : null;
  if (!user) {
    const headers = new Headers();
    // A form sent by someone whose session ran out: what they typed waits for them to sign in again. Only a
    // token this server issued counts (a stranger's made-up cookie keeps nothing), and the server read at most the
    // public form limit of its body (server/app.ts: the back office's limits are for live administrators).
    if (token && request.method === "POST" && (await wasIssuedSessionToken(db, token))) {
      const at = { location: originalLocation(request), ip: clientIp, now: now(), publicUrl: config.publicUrl };
      const kept = await keepSentForm(db, request, at);
      if (kept) headers.append("Set-Cookie", kept);
    }
    throw signInAgain(request, config.publicUrl, headers);
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

/**
 * Whether the request carries the session of an administrator who may use the back office now. Asked by the server
 * before a back-office form's body is read (ADR 0047): nobody else gets the back office's body limits.
 */
export async function isLiveAdministrator(db: Db, request: Request): Promise<boolean> {
  const token = readSessionToken(request);
  const user = token ? await getSessionUser(db, token) : null;
  return user?.role === "admin";
}

/**
 * The answer to a back-office request without a live session: to the login, which brings the sender back to where
 * they were, and the dead session cookie (if any) cleared. `headers` may already carry other cookies to set.
 */
export function signInAgain(request: Request, publicUrl: string | undefined, headers = new Headers()): Response {
  if (readSessionToken(request)) headers.append("Set-Cookie", clearSessionCookie(request, publicUrl));
  return redirect(`/admin/login?redirectTo=${encodeURIComponent(originalLocation(request))}`, { headers });
}

async function keepSentForm(
  db: Db,
  request: Request,
  at: { location: string; ip: string; now: number; publicUrl: string | undefined },
) {
  const form = await request.formData().catch(() => null);
  if (!form) return null;
  return keepSubmission(db, { request, form, path: at.location.split("?")[0]!, ...at });
}

/** The signed-in administrator; only valid below the admin layout, whose middleware set it. */
export function getAdminUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(adminUserContext);
  if (!user) throw new Error("getAdminUser called outside the guarded admin layout");
  return user;
}
